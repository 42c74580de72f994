-- Second tries of failed downloads are inbound.media-retry jobs now. Tries still pending at the
-- upgrade are dropped: their messages keep the "download failed" note they already show.
DROP TABLE "inbound_media_retries" CASCADE;