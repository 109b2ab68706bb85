// Package webhook tells players, by an HTTP POST to an address they chose,
// that a decision at a correspondence table is theirs.
//
// # What it sends, and when
//
// The caller decides when: typically when a move becomes a keyed player's at
// a table with a turn clock of days ("your-move"), before their clock runs
// out ("reminder"), and when they press a test button in their settings
// ("test"). Each notice is one POST of a small JSON object, with the
// Content-Type application/json and the User-Agent arcade-webhook/1:
//
//	{
//	  "text":      "Ann, it is your move in Chess at table t-12 (code KQZX), by Mon 2 Mar 18:00 UTC.",
//	  "content":   "(the same sentence)",
//	  "message":   "(the same sentence)",
//	  "title":     "Your move: Chess",
//	  "kind":      "your-move",
//	  "player":    "Ann",
//	  "game":      "chess",
//	  "game_name": "Chess",
//	  "table":     "t-12",
//	  "code":      "KQZX",
//	  "deadline":  "2026-03-02T18:00:00Z",
//	  "arcade":    "v1",
//	  "allowed_mentions": {"parse": []}
//	}
//
// The sentence sits under the keys that common services read, so that one
// address works without settings per service: "text" for Slack, Mattermost
// and Rocket.Chat incoming webhooks, "content" for Discord, "message" and
// "title" for Gotify. "allowed_mentions" keeps Discord from turning a name
// such as "@everyone" into a ping. The other keys are for a receiver of
// one's own: "kind" is "your-move", "reminder" or "test"; "deadline" (RFC
// 3339, UTC) is left out when the move has no deadline; "arcade" marks the
// version of this shape, and a later shape that changes the meaning of a
// key will carry another.
//
// # Guarantees
//
//   - Send never blocks its caller: it checks the address and the player's
//     rate, then hands the notice to a bounded queue served by a few
//     workers. When the queue is full the notice is dropped and counted.
//   - Nothing hidden is sent: the body holds only what the Notice carries
//     (no hands, no other player's secrets, no player ID).
//   - Each player has a rate: a burst of a few notices, then one per
//     minute (Config.Burst, Config.Every).
//   - A POST gives up after Config.Timeout; network errors and the answers
//     429 and 5xx are tried again, up to 3 tries in all, after an
//     exponential back-off with jitter or the server's Retry-After (when it
//     asks for longer than Config.MaxWait, the notice is given up). Other
//     answers from 300 up are not tried again; redirects are not followed.
//   - Unless Config.AllowPrivate is set, addresses of this machine and of
//     private networks (loopback, RFC 1918, unique-local, link-local,
//     carrier-grade NAT, multicast, unspecified) are refused: in the
//     address as written (ValidateURL) and again when connecting, so a host
//     name that resolves to such an address is refused too. No proxy from
//     the environment is used.
//   - Logs name the host only: a webhook address often carries its secret
//     in its path or query.
//
// # Where to point it
//
//   - Discord: a channel's Integrations > Webhooks > New Webhook > Copy
//     Webhook URL (https://discord.com/api/webhooks/ID/TOKEN).
//   - Slack: an app's Incoming Webhooks (https://hooks.slack.com/services/…);
//     Mattermost (https://chat.example/hooks/KEY) and Rocket.Chat incoming
//     webhooks read the same "text".
//   - Gotify: https://gotify.example/message?token=APPTOKEN, the token of an
//     application made in Gotify's Apps tab.
//   - ntfy: a JSON POST to a topic's address is shown as raw JSON, and
//     ntfy's own JSON form is posted to the server's root with a "topic"
//     key, which this package does not send. Use ntfy's message templates
//     (ntfy 2.10 or later) in the address instead:
//     https://ntfy.sh/TOPIC?tpl=1&t={{.title}}&m={{.message}}.
//   - A receiver of one's own: any HTTPS endpoint that accepts a POST of
//     the JSON above and answers 2xx. Reply within Config.Timeout; answer
//     429 or 503 with Retry-After to be asked again later.
package webhook
