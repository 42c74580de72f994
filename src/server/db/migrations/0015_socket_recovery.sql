CREATE UNLOGGED TABLE "socket_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"rooms" text[] NOT NULL,
	"exceptRooms" text[] NOT NULL,
	"data" text NOT NULL,
	"emittedAt" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "socket_sessions" (
	"pid" text PRIMARY KEY NOT NULL,
	"sid" text NOT NULL,
	"namespace" text NOT NULL,
	"rooms" text[] NOT NULL,
	"data" text NOT NULL,
	"updatedAt" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnectedAt" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "socket_events_namespace_idx" ON "socket_events" USING btree ("namespace","id");--> statement-breakpoint
CREATE INDEX "socket_events_emitted_idx" ON "socket_events" USING btree ("emittedAt");--> statement-breakpoint
CREATE INDEX "socket_sessions_updated_idx" ON "socket_sessions" USING btree ("updatedAt");