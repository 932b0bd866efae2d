BEGIN TRANSACTION;
CREATE TABLE campaign (
	id INTEGER NOT NULL, 
	uid VARCHAR NOT NULL, 
	name VARCHAR NOT NULL, 
	players INTEGER NOT NULL, 
	turn INTEGER NOT NULL, 
	phase VARCHAR NOT NULL, 
	updated DATETIME NOT NULL, 
	data VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE campaign_turn (
	id INTEGER NOT NULL, 
	campaign_uid VARCHAR NOT NULL, 
	turn INTEGER NOT NULL, 
	data VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE document (
	id INTEGER NOT NULL, 
	kind VARCHAR NOT NULL, 
	name VARCHAR NOT NULL, 
	updated DATETIME NOT NULL, 
	data VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "document" VALUES(1,'raid-town','Town','2026-11-23 23:31:05.603828','{"t":1}');
CREATE TABLE saved_game (
	id INTEGER NOT NULL, 
	mode VARCHAR NOT NULL, 
	name VARCHAR NOT NULL, 
	created DATETIME NOT NULL, 
	updated DATETIME NOT NULL, 
	finished BOOLEAN NOT NULL, 
	autosave BOOLEAN NOT NULL, 
	data VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "saved_game" VALUES(1,'naval','First','2026-11-23 23:31:05.596796','2026-11-23 23:31:05.596968',0,0,'{"format":"x","n":1}');
CREATE TABLE scenario (
	id INTEGER NOT NULL, 
	mode VARCHAR NOT NULL, 
	name VARCHAR NOT NULL, 
	source VARCHAR NOT NULL, 
	data VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE schema_info (
	id INTEGER NOT NULL, 
	version INTEGER NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "schema_info" VALUES(1,1);
CREATE INDEX ix_saved_game_updated ON saved_game (updated);
CREATE INDEX ix_saved_game_mode ON saved_game (mode);
CREATE INDEX ix_scenario_mode ON scenario (mode);
CREATE INDEX ix_scenario_source ON scenario (source);
CREATE INDEX ix_document_name ON document (name);
CREATE INDEX ix_document_kind ON document (kind);
CREATE INDEX ix_campaign_updated ON campaign (updated);
CREATE UNIQUE INDEX ix_campaign_uid ON campaign (uid);
CREATE INDEX ix_campaign_turn_campaign_uid ON campaign_turn (campaign_uid);
COMMIT;
