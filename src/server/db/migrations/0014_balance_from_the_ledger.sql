-- ledger_moves_balance, refuse_balance_write, fast_apply: defined in src/server/db/definitions/, one file each (decision 072).
-- A user's balance is the sum of their ledger rows, and the database keeps it so (decision 038): each new ledger row
-- moves the balance in the same statement, and nothing else may write it. Balances are taken as they are: they already
-- equal their ledgers, which every money test asserts. A database where one does not holds a discrepancy that a person
-- must look into (a missing ledger row or a wrong balance), so the upgrade stops and names the accounts instead of
-- choosing a side.
DO $$
DECLARE
  v_drifted text; BEGIN
  SELECT string_agg(format('%s (saldo %s, extrato %s)', u."id", u."balance_cents", coalesce(l."total", 0)), ', ' ORDER BY u."id")
    INTO v_drifted
    FROM "users" u
    LEFT JOIN (SELECT "user_id", sum("amount_cents") AS "total" FROM "credit_transactions" GROUP BY "user_id") l ON l."user_id" = u."id"
    WHERE u."balance_cents" <> coalesce(l."total", 0);
  IF v_drifted IS NOT NULL THEN
    RAISE EXCEPTION 'saldos diferentes da soma do extrato de créditos nas contas %: corrija antes de atualizar', v_drifted;
  END IF;
END;
$$;
