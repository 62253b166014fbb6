-- An invitation made by opening a game's private link (rather than by the organiser's e-mail) lasts as long as that
-- link: regenerating the link removes these, so whoever only had the old link no longer sees the game. Rows from
-- before this column cannot be told apart and count as e-mail invitations, which are kept.
ALTER TABLE "invitations" ADD COLUMN "via_link" boolean DEFAULT false NOT NULL;
