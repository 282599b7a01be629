-- A cash-out's payout address may be erased once, when its member's account is deleted (decision
-- 079): it becomes the account's anonymised address (deleted-<user id>@deleted.invalid), and
-- nothing else. Amounts, member, ledger transfers and the forward-only status stay as before.
CREATE OR REPLACE FUNCTION cash_outs_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.household_id <> OLD.household_id OR NEW.points <> OLD.points
     OR (NEW.email <> OLD.email AND NEW.email <> 'deleted-' || OLD.requested_by || '@deleted.invalid')
     OR NEW.requested_by <> OLD.requested_by
     OR NEW.debit_transfer_id <> OLD.debit_transfer_id OR NEW.client_key <> OLD.client_key
     OR (OLD.refund_transfer_id IS NOT NULL AND NEW.refund_transfer_id IS DISTINCT FROM OLD.refund_transfer_id) THEN
    RAISE EXCEPTION 'cash-out % cannot change its amount, address, member or ledger transfers', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'held' AND NEW.status IN ('pending', 'failed'))
    OR (OLD.status = 'pending' AND NEW.status IN ('sent', 'failed'))
    OR (OLD.status = 'sent' AND NEW.status = 'failed')) THEN
    RAISE EXCEPTION 'cash-out % cannot move from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
