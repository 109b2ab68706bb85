package ui

import (
	"strings"
)

// What the settings screen (and its help) says about the settings: the
// guide, and how to link another machine's key, with this server's ssh
// command.

// linkHint says how to link another machine's key, with this server's
// ssh command when the session knows it.
func linkHint(connect string) string {
	cmd := sshOr(connect)
	return "To play as yourself from another machine, run " + cmd + " link from a key you play with: it prints a one-time code, good for 10 minutes. Then, on the other machine: " + cmd + " link CODE."
}

// sshOr is the server's ssh command, or a stand-in when the session does
// not know it.
func sshOr(connect string) string {
	if connect == "" {
		return "ssh HOST"
	}
	return connect
}

// headed styles the parts' headings (their lines in capitals) with style.
func headed(style func(...string) string, parts [][]string) [][]string {
	out := make([][]string, len(parts))
	for i, p := range parts {
		out[i] = make([]string, len(p))
		for j, l := range p {
			if l != "" && strings.ToUpper(l) == l && strings.ToLower(l) != l {
				l = style(l)
			}
			out[i][j] = l
		}
	}
	return out
}

// settingsGuide is what the settings screen says about its settings
// beside them, with this server's ssh command (connect).
func settingsGuide(connect string) string {
	cmd := sshOr(connect)
	return `WHERE TO POINT NOTIFICATIONS

- Discord: channel settings, Integrations, Webhooks, New Webhook, Copy Webhook URL.
- Slack, Mattermost, Rocket.Chat: the address of an incoming webhook.
- Gotify: https://gotify.example/message?token=APPTOKEN (an application's token).
- ntfy 2.10 or later: your topic's address with this after it (without it, ntfy shows the raw JSON):
  ?tpl=1&t={{.title}}&m={{.message}}
- Your own receiver: a POST of JSON with kind (your-move, reminder or test), player, game, game_name, table, code, deadline (RFC 3339), title, text and arcade (v1). Answer 2xx within 5 s.

A notice holds only what it names: no hands, no other player's secrets. You get a burst of 3, then at most one a minute. The address starts with https:// or http://, holds at most 512 characters and no user name or password.

WHEN NOTICES DO NOT ARRIVE

t sends a test notice at once and says what went wrong: no answer, a refusal, an address the server will not post to (one on this machine or a private network, unless its operator allows them). A post that finds the service busy (429, 5xx) is tried up to 3 times, waiting as long as it asks up to 30 s; redirects are not followed.

GAMES THAT WAIT

A table's turn clock may give each decision a day, three days or a week: a correspondence game. Its clock runs whether or not you are connected, and the table waits for you. When your clock runs out, a day of your yearly vacation is spent first; then the table plays the game's fallback for you, and after three fallbacks in a row its host may hand your seat to a bot or end the game. The lobby lists your tables first, with whose move it is and the time left.

YOUR MOVE FROM A SHELL

` + cmd + ` turns prints where it is your move, for example "firelibrary 2 · firetower 1", and nothing when no table waits for you; it never disturbs a session you have open. With --json it lists every table where you hold a seat, its clock and deadline. Put it in a tmux status line, a shell prompt, or a cron job that shows a desktop notice.

THE YOUR-TURN BELL

At a table, when a decision becomes yours (your turn, or a window to answer out of turn), the terminal rings its bell and its title says "(!) your turn". The setting stays with your key across restarts.

LINKING A KEY, STEP BY STEP

1. On a machine you already play from, run ` + cmd + ` link: it prints a one-time code such as K7MQ-2XPA-9RTD, good for 10 minutes.
2. On the other machine, run ` + cmd + ` link K7MQ-2XPA-9RTD (dashes and case do not matter).
3. Connect from that machine as usual: you are yourself there, and the key shows on this page, where x unlinks it.

A code works once. Asking for codes and trying them is limited to 5 at once, then one a minute, per key and per address, and every link is logged.

ONE PLAYER, MANY KEYS

Your SSH key is who you are here. A key linked to you is you too: your name, history, ratings, settings and seats. A seat follows whichever of your keys connected last; the older session is told it was replaced. ` + cmd + ` link keys lists your keys from a shell. A key that played on its own before being linked keeps its old games under its own name.

RATINGS

Every keyed player has a rating per game. A table is rated unless its host makes it casual, and only when every seat is a keyed player's at the start: a game against bots or guests is casual. A game everyone wins or loses together, or one the table ended early, moves no rating. y in the lobby shows your ratings and each game's leaderboard, ordered by the conservative estimate μ−3σ.

WHAT THE ARCADE KEEPS ABOUT YOU

Your key's fingerprint, the name you chose, when you were first and last seen, your seats at open tables, your finished games with every move (to replay them), your rating in each game, the keys linked to you and the settings on this page. A key that never chose a name and never sat at a table is forgotten after a while. The address above is written in no log: it carries its secret in its path.`
}
