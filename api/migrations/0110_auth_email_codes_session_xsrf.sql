-- Issue 10 item 7: an account without a password (social login) proves that it controls its
-- current e-mail address before changing it: a 6-digit code is mailed to the current address,
-- bound to the account and to the new address (only a hash is stored). One pending code per
-- account; five wrong codes void it.
CREATE TABLE auth_email_change_codes (
  account_id      integer PRIMARY KEY REFERENCES auth_accounts (id) ON DELETE CASCADE,
  new_email       text NOT NULL,
  code_hash       text NOT NULL,
  sent_at         timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0
);

-- Issue 10 item 8: the XSRF token is bound to the session. A session started in a browser
-- records the SHA-256 of that browser's XSRF secret (the HttpOnly cookie the tokens are signed
-- for); its mutating requests must come with that same secret. NULL = started outside a
-- browser (no XSRF secret), not bound.
ALTER TABLE auth_sessions ADD COLUMN xsrf_secret_hash text;
