-- Linking a social identity to an existing account needs proof of control of the account
-- (docs/SECURITY.md "V6"): a social login whose verified e-mail belongs to an account that has no
-- such identity yet answers 403 UNAUTHORIZED_DEVICE with a challenge, and the 6-digit code mailed
-- to the account's address links the identity (src/domains/auth/social-link.ts). The identity
-- waiting for the code is kept on the challenge; NULL = an ordinary new-device challenge.
ALTER TABLE auth_device_challenges
  ADD COLUMN link_provider text,
  ADD COLUMN link_subject  text,
  ADD COLUMN link_email    text;
