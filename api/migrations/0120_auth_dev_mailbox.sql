-- Dev mailbox shared by every API process on one database (issue 12; outside production only).
-- src/lib/mail.ts writes each e-mail it sends here too; GET /dev/mailbox* read it, so a link or
-- code mailed by one process is visible through any other.
CREATE TABLE dev_mailbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  from_address text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text NOT NULL,
  kind       text NOT NULL,
  lang       text NOT NULL,
  server     text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_mailbox_to_idx ON dev_mailbox (lower(to_address), id DESC);
