-- fast_apply: defined in src/server/db/definitions/, one file each (decision 072).
-- The one-statement apply (decision 032) no longer announces its game from inside its transaction (decision 030,
-- amended by 033). A NOTIFY takes a database-wide lock when its transaction commits and holds it through the commit's
-- flush to disk, so every apply that sent one committed after the one before it. The function being its own
-- transaction, it has committed when it returns: the application announces the game then, with the others changed
-- in the same moment, in one notification. It also runs in four statements instead of about ten: one look at the
-- game's registrations for every check and count, the charge as a conditional UPDATE of the balance, and the
-- writes of each outcome in one statement.
DROP FUNCTION IF EXISTS "fast_apply"(integer, integer, integer, timestamptz, boolean, text, text, text, text, text);
