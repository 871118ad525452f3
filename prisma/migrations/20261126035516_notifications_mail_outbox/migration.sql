-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "actor_id" UUID,
    "fanned_out_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_messages" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "notification_id" UUID,
    "user_id" UUID NOT NULL,
    "to_email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id","kind")
);

-- CreateIndex
CREATE INDEX "notifications_fanned_out_at_created_at_idx" ON "notifications"("fanned_out_at", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_organization_id_dedupe_key_key" ON "notifications"("organization_id", "dedupe_key");

-- CreateIndex
CREATE INDEX "mail_messages_status_next_attempt_at_idx" ON "mail_messages"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "mail_messages_organization_id_status_created_at_idx" ON "mail_messages"("organization_id", "status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "mail_messages_notification_id_user_id_key" ON "mail_messages"("notification_id", "user_id");

-- AddForeignKey
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notifications"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: a flagged deposit reaches the outbox in the same transaction as the webhook event
-- that tells of it (the intake's batched insert, lib/webhooks/store.ts). Only a newly stored event
-- fires it (a duplicate delivery updates, it does not insert), and the dedupe key makes a deposit
-- flagged once one notification however many events say so.
CREATE FUNCTION notify_deposit_flagged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (id, organization_id, kind, dedupe_key, data)
  VALUES (
    gen_random_uuid(), NEW.organization_id, 'deposit_flagged',
    'deposit_flagged:' || NEW.environment::text || ':' || NEW.resource_id,
    jsonb_build_object(
      'depositId', NEW.resource_id,
      'environment', NEW.environment::text,
      'amount', NEW.payload->'data'->>'amount',
      'currency', NEW.payload->'data'->>'currency'))
  ON CONFLICT (organization_id, dedupe_key) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER webhook_events_deposit_flagged AFTER INSERT ON webhook_events
  FOR EACH ROW
  WHEN (NEW.resource_type = 'deposit' AND NEW.resource_id IS NOT NULL
        AND (NEW.name = 'deposit.requires_review' OR upper(NEW.resource_status) = 'REQUIRES_REVIEW'))
  EXECUTE FUNCTION notify_deposit_flagged();

-- Wakes the sender when a notification is committed (NOTIFY is delivered at commit, never for a
-- rolled-back one); without a listener the minute's sweep finds it anyway.
CREATE FUNCTION notify_mail_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_outbox', '');
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_wake_sender AFTER INSERT ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notify_mail_outbox();
