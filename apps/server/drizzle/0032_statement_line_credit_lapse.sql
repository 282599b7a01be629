-- A statement line of its own for an Ontario net-metering credit that lapsed after 12 periods
-- carried (decision 088): it writes the credit off, so it is always a positive amount.
ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_kind";
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_kind" CHECK ("statement_lines"."kind" in ('energy', 'fixed', 'export-credit', 'rebate', 'tax', 'adjustment', 'credit-lapse'));
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_credit_lapse" CHECK ("statement_lines"."kind" <> 'credit-lapse' or "statement_lines"."amount_cents" > 0);
