package sqlite

// migrations are the schema's history: migrations[i] takes a database from
// schema version i to i+1 (PRAGMA user_version). Open runs the ones a
// database has not had yet, each in its own transaction. A migration that
// has shipped never changes: a new need is a new migration at the end.
var migrations = []string{
	// 1: the first schema.
	`
CREATE TABLE tables (
	id     TEXT PRIMARY KEY,
	seq    INTEGER NOT NULL,
	code   TEXT NOT NULL,
	game   TEXT NOT NULL,
	status TEXT NOT NULL,
	setup  TEXT NOT NULL             -- the store.Table as JSON, without its moves
);
CREATE INDEX tables_seq ON tables(seq);

CREATE TABLE moves (
	table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
	n        INTEGER NOT NULL,       -- 0, 1, 2... in the order applied
	seat     INTEGER NOT NULL,
	action   TEXT NOT NULL,          -- engine.Action as JSON
	PRIMARY KEY (table_id, n)
) WITHOUT ROWID;

CREATE TABLE identities (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	chosen     INTEGER NOT NULL DEFAULT 0, -- 1 once the player chose the name
	first_seen INTEGER NOT NULL,           -- Unix nanoseconds
	last_seen  INTEGER NOT NULL
);

CREATE TABLE games (
	id       INTEGER PRIMARY KEY AUTOINCREMENT,
	table_id TEXT NOT NULL,
	game     TEXT NOT NULL,
	started  INTEGER,                -- Unix nanoseconds, NULL for the zero time
	ended    INTEGER,
	record   TEXT NOT NULL           -- engine.Record as JSON
);

CREATE TABLE game_seats (
	game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat      INTEGER NOT NULL,
	player_id TEXT NOT NULL,         -- '' for a bot's own seat
	name      TEXT NOT NULL,
	bot       TEXT NOT NULL,
	score     INTEGER NOT NULL,
	winner    INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_player ON game_seats(player_id, game_id);
`,
	// 2: each seat carries its game, so that a game's leaderboard and a
	// player's stats are read from one covering index instead of joining
	// every finished game.
	`
ALTER TABLE game_seats ADD COLUMN game TEXT NOT NULL DEFAULT '';
UPDATE game_seats SET game = (SELECT games.game FROM games WHERE games.id = game_seats.game_id);
CREATE INDEX game_seats_board ON game_seats(game, player_id, winner);
`,
	// 3: small server-wide values by key (store.Settings: the ban list).
	`
CREATE TABLE settings (
	key   TEXT PRIMARY KEY,
	value BLOB NOT NULL
);
`,
	// 4: a table that cannot be restored is set aside, not lost
	// (store.Quarantine); and the last table number given is kept, so a
	// table's ID is never given twice (rooms.SeqSetting), starting above
	// every number the open tables and the history hold.
	`
ALTER TABLE tables ADD COLUMN aside TEXT;     -- why it was set aside; NULL while open
ALTER TABLE tables ADD COLUMN aside_at INTEGER; -- when, in Unix nanoseconds
CREATE INDEX games_table ON games(table_id);
INSERT INTO settings (key, value)
	SELECT 'table-seq', CAST(max(n) AS TEXT) FROM (
		SELECT seq AS n FROM tables
		UNION ALL
		SELECT CAST(substr(table_id, 2) AS INTEGER) FROM games WHERE table_id GLOB 't[0-9]*'
	) WHERE n IS NOT NULL HAVING count(*) > 0
	ON CONFLICT (key) DO NOTHING;
`,
	// 5: a chosen name's fold, the form names are compared in, so that a
	// keyed player's name stays theirs while they are away
	// (store.NameOwner). Names chosen before get theirs from
	// store.Refolder, which rooms.NewHub runs.
	`
ALTER TABLE identities ADD COLUMN fold TEXT NOT NULL DEFAULT '';
CREATE INDEX identities_fold ON identities(fold) WHERE chosen = 1;
`,
}
