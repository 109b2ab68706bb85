// Package firelibrary implements Fire in the Library (Weird Giraffe Games,
// 2019 retail edition) for the arcade: the multiplayer game for 2 to 6
// players with all 13 tools in their timing windows, the variants (Robot
// Player, Solo Robot, Lone Librarian, No Tool, Wild Fire, Inferno) and the
// Technology Books micro expansion as table options, with the card data
// and rulings the rulebook's lost pictures called for. rules.md is the player's
// rule text and lists every ruling.
//
// Seat references. Every text the package produces (event log lines, rule
// errors, the outcome summary and the view's phase description) names
// players with the literal token {seatN}, N being the 0-based seat number:
// "{seat0} drew a Fire token". The UI replaces each token with that
// player's name. The Robot is "the Robot". Move descriptions never hold seat
// references: a Slingshot names its target by Turn Order card. Texts for a
// single seat ("You took Axe from the deck") are engine.Private events.
//
// Moves (engine.Action Kind, Args, suggested Key):
//
//	draw             d    draw a token from the bag (active player)
//	stop             s    escape and score, even before the first draw
//	order [n]        1-6  take Turn Order card n (step 1, from round 2)
//	tool [i]         1-4  take market tool i (0-2), or 3: the deck's top
//	swap [i]         1-9  step 3: discard hand tool i, draw a new one
//	keep             0    step 3: keep your tools
//	play [t, ...]    1-9, then letters: play tool t (0-12, data order)
//	                 with its choices: Cloak/Axe [space], Slingshot
//	                 [target seat (-3 the Robot, -2 set aside), space or
//	                 -1], Collector's Edition/Knapsack/Lockbox [colour]
//	dig              a Shovel's second double draw
//	place [k]        place a drawn token of kind k (Shovel, Torch)
//	rest        r    Torch: stop placing, put the rest back
//	pass        p    answer a window without playing a tool
//	done        e    end After Scoring, and the turn
//	burn        b    No Tool variant: call Burn!
//
// Windows. Step 3 swaps, the Amulet window at the start of step 1 and the
// Fire Spreading window are simultaneous: Pending (and Responding, for the
// table's timers; not in solo games) lists every seat still to answer.
// Who is asked depends only on public facts (hand sizes, the active
// player), so a window reveals nothing about anyone's tools, and a tool
// committed in a window stays secret (and counted in the hand size) until
// the window resolves: lowest score first, the other tools go back.
//
// System steps (burns, the Robot's turns, end-of-round clean-up, the
// setup's first turns) happen inside Apply; the setup's events come with
// the first Apply (a state saved before then keeps them as their words
// and the rules they cite).
//
// Events. Apply records facts: small comparable values (facts.go) that
// say themselves in words only when read, so the rules build no text and
// a bot's imagined games, whose log discards them, cost none.
//
// Why. Every fact the rules make happen without a player choosing it (a
// burn, a Robot's turn, the bag passing on, the end of the game), and
// every tool's effect, cites the rule behind it (engine.Ruled), and every
// refusal that applies a rule cites it (engine.Refuse): a ruling of
// rules.md or a phrase of its sections (why.go names them). Malformed
// moves cite none.
//
// Bots (Game.Bot). All three levels decide from their seat's View and
// legal moves only, and answer every window they are asked in:
//
//   - easy: simple rules (a bust-odds threshold, fixed card and tool
//     preferences, the first fitting tool in a window);
//   - normal: the expected points of the turn from the bag's exact counts,
//     looking three draws ahead (a Bucket, a Cloak, the tool Fire
//     Spreading brings and a collapse that would end the game won or lost
//     all count), for drawing, Gloves, Shovels and Torches and the Turn
//     Order card; rules of thumb for the other tools;
//   - hard: search.Bot, determinized Monte Carlo: games dealt from its
//     View by Sampler (sample.go says what is guessed and how), played out
//     to their end by the normal bot, which reads the imagined game's
//     BotView, and rated by who won and by how much; the normal bot's
//     move stands unless another one rates clearly better. At most 300 playouts or 300 ms
//     a move.
//
// A bot reads a View through sight (sight.go), the bots' own numeric
// reading of one seat's knowledge; inside the hard bot's imagined games
// the same reading is taken from the imagined state, which the tests check
// holds nothing the seat's View does not show.
package firelibrary
