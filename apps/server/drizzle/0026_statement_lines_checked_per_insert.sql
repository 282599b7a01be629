-- A statement's lines are checked once per INSERT of lines, not once per line at commit
-- (decision 078): the row trigger summed a statement's lines again for each of its ~5 lines, about
-- a million sums for a 100,000-household month. The lines an INSERT adds must bring each statement
-- they belong to to its charges by the end of that INSERT, so all of a statement's lines arrive
-- in one INSERT (as `insertStatements` writes them). A statement with no lines at all is still caught
-- at commit by `statements_lines_add_up`, unchanged.
DROP TRIGGER "statement_lines_add_up" ON "statement_lines";
--> statement-breakpoint
DROP FUNCTION statement_lines_add_up();
--> statement-breakpoint
CREATE FUNCTION statement_lines_add_up() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad uuid;
BEGIN
  SELECT s.id INTO bad
  FROM (SELECT DISTINCT statement_id FROM added_lines) a
  JOIN statements s ON s.id = a.statement_id
  WHERE s.charges_cents <> (SELECT sum(l.amount_cents) FROM statement_lines l WHERE l.statement_id = a.statement_id)
  LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'statement % lines do not add up to its charges', bad USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER statement_lines_add_up AFTER INSERT ON statement_lines REFERENCING NEW TABLE AS added_lines
FOR EACH STATEMENT EXECUTE FUNCTION statement_lines_add_up();
