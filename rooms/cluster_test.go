package rooms

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"arcade/engine"
	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/clustertest"
	"arcade/rooms/natsbus/natsd"
	"arcade/rooms/store"
)

// node is one arcade server of a test cluster: its hub, its connection
// to the shared NATS server and its log.
type node struct {
	hub  *Hub
	conn *natsbus.Conn
	srv  nats.InProcessConnProvider // the NATS server, to start more nodes on
	log  *logBook
}

// testCluster starts an embedded NATS server with JetStream and n hubs
// that share it, each with its own connection and store, as separate
// servers would (nothing is mocked). Leases are short so that a dead node
// is noticed quickly.
func testCluster(t *testing.T, n int) []*node {
	t.Helper()
	srv, err := natsd.Embedded(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	nodes := make([]*node, n)
	for i := range nodes {
		nodes[i] = startNode(t, srv, string(rune('a'+i))+"-node")
	}
	return nodes
}

// startNode starts a hub named name on the NATS server srv, which logs
// into the node's logBook.
func startNode(t *testing.T, srv nats.InProcessConnProvider, name string) *node {
	t.Helper()
	conn, st := dial(t, srv, name)
	book := &logBook{}
	h := testHub(t, Config{Bus: conn, Store: st, BotDelay: 20 * time.Millisecond,
		Logf: book.to(t, name, "ERROR"), Infof: book.to(t, name, "INFO")})
	return &node{hub: h, conn: conn, srv: srv, log: book}
}

// dial connects node name to the NATS server srv, with short leases so
// that a dead node is noticed quickly, and opens its store; both close
// when the test ends.
func dial(t *testing.T, srv nats.InProcessConnProvider, name string) (*natsbus.Conn, *natsbus.Store) {
	t.Helper()
	return clustertest.Open(t, patience, func() (*natsbus.Conn, error) {
		return natsbus.ConnectEmbedded(name, srv, natsbus.Options{LeaseEvery: 100 * time.Millisecond, LeaseTTL: 700 * time.Millisecond})
	})
}

// lobbyIDs lists the IDs of the tables a lobby shows.
func lobbyIDs(l *LobbyUpdate) []string {
	ids := make([]string, len(l.Tables))
	for i, s := range l.Tables {
		ids[i] = s.ID
	}
	return ids
}

// playTurn has whichever of ps must act add one, and waits until everyone
// saw the move.
func playTurn(t *testing.T, ps ...*probe) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		for _, p := range ps {
			p.drain()
		}
		for _, p := range ps {
			if u := p.tu; u != nil && !u.Closed && slices.Contains(u.Pending, u.You) && len(u.Legal) > 0 {
				v := u.Version
				if err := p.Act(addOne); errors.Is(err, ErrNotYourTurn) {
					// An update from before a takeover: the next one says.
					continue
				} else if err != nil {
					t.Fatal(err)
				}
				for _, q := range ps {
					q.table("the move", func(u *TableUpdate) bool { return u.Version > v })
				}
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("nobody may move: %s / %s", show(ps[0].tu), show(ps[1].tu))
}

func TestClusterTwoNodesOneLobbyOneGame(t *testing.T) {
	nodes := testCluster(t, 2)
	alice := connect(t, nodes[0].hub, "alice")
	bob := connect(t, nodes[1].hub, "bob")

	carol := connect(t, nodes[0].hub, "carol")
	must(t, carol.Create(toyID, 2, true, nil)) // private: on no lobby
	secret := carol.seated()
	must(t, alice.Create(toyID, 2, false, engine.Options{"target": "10"}))
	id := alice.seated().Table.ID
	// Both lobbies list the public table and nothing else, and both
	// count the three players.
	bob.lobbyWhere("the other node's table", func(l *LobbyUpdate) bool {
		return slices.Equal(lobbyIDs(l), []string{id}) && l.Online == 3 && len(l.People) == 3
	})
	for deadline := time.Now().Add(patience); ; time.Sleep(5 * time.Millisecond) {
		got := nodes[0].hub.Lobby()
		if slices.Equal(lobbyIDs(&got), []string{id}) && got.Online == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node a lists %v with %d online, want [%s] and 3", lobbyIDs(&got), got.Online, id)
		}
	}

	// Bob joins by the private table's code from the other node, then
	// goes to the public one.
	must(t, bob.JoinCode(secret.Code))
	bob.table("at the private table", func(u *TableUpdate) bool { return u.Table.ID == secret.Table.ID && !u.Closed })
	carol.table("bob joined", func(u *TableUpdate) bool { return u.Seats[1].Name == "bob" })
	must(t, bob.Join(id))
	carol.table("bob left", func(u *TableUpdate) bool { return u.Seats[1].Empty })
	u := bob.table("at alice's table", func(u *TableUpdate) bool { return u.Table.ID == id && !u.Closed && u.You == 1 })
	if u.Seats[0].Name != "alice" || !u.Seats[0].Connected {
		t.Fatalf("bob sees seats %+v", u.Seats)
	}
	must(t, alice.Start())
	for _, p := range []*probe{alice, bob} {
		p.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	}
	if v := view(t, bob.tu); v.Seat != 1 || v.Secret < 0 {
		t.Fatalf("bob's view %+v: want his own seat and secret", v)
	}
	var bobSecret, aliceSecret int
	inspect(t, nodes[0].hub, id, func(tb *table) {
		s := tb.state.(*toyState)
		aliceSecret, bobSecret = s.Secrets[0], s.Secrets[1]
	})
	if v := view(t, bob.tu); v.Secret != bobSecret {
		t.Fatalf("bob's secret %d, want %d", v.Secret, bobSecret)
	}
	if bobSecret != aliceSecret && hasLine(bob.tu.Log, "your secret is "+strconv.Itoa(aliceSecret)) {
		t.Fatalf("bob reads alice's secret in %q", bob.tu.Log)
	}

	// A move bob may make is put in words by the view that came from
	// the owner, on bob's node.
	for {
		bob.drain()
		if slices.Contains(bob.tu.Pending, bob.tu.You) && len(bob.tu.Legal) > 0 {
			if got, want := engine.Describe(bob.tu.View, bob.tu.Legal[0]), toGo(t, bob.tu, 1); got != want {
				t.Fatalf("bob's first move in words: %q, want %q", got, want)
			}
		}
		playTurn(t, alice, bob)
		if bob.tu.Outcome.Done {
			break
		}
	}
	bob.table("the end", func(u *TableUpdate) bool { return u.Outcome.Done })
	alice.table("the end", func(u *TableUpdate) bool { return u.Outcome.Done })

	// Chat crosses nodes both ways: at the table and in the lobby.
	must(t, bob.Say("gg"))
	alice.table("bob's line", func(u *TableUpdate) bool {
		return len(u.Chat) > 0 && u.Chat[len(u.Chat)-1].Text == "gg"
	})
	must(t, bob.Leave())
	bob.closedWith(NoticeLeft)
	must(t, bob.Say("hello all"))
	must(t, carol.Leave())
	carol.lobbyWhere("bob's lobby line", func(l *LobbyUpdate) bool {
		return len(l.Chat) > 0 && l.Chat[len(l.Chat)-1].Text == "hello all"
	})
}

// clusterGame starts a game of two nodes: alice on the first owns the
// table, bob on the second sits at it.
func clusterGame(t *testing.T, target string) (nodes []*node, alice, bob *probe, id string) {
	t.Helper()
	nodes = testCluster(t, 2)
	alice, bob = connect(t, nodes[0].hub, "alice"), connect(t, nodes[1].hub, "bob")
	return nodes, alice, bob, startAcross(t, alice, bob, target)
}

// startAcross has host open a two-seat toy game to target on host's node,
// seats guest, a player of another node, and starts it; it returns the
// table's ID.
func startAcross(t *testing.T, host, guest *probe, target string) string {
	t.Helper()
	must(t, host.Create(toyID, 2, false, engine.Options{"target": target}))
	id := host.seated().Table.ID
	guest.lobbyWhere("the host's table", func(l *LobbyUpdate) bool { return slices.Contains(lobbyIDs(l), id) })
	must(t, guest.Join(id))
	guest.table("seated", func(u *TableUpdate) bool { return u.Table.ID == id && u.You == 1 })
	must(t, host.Start())
	guest.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	return id
}

// TestClusterOwnerDies: the node that owns a game vanishes (its connection
// cut, as by kill -9: no lease released, nothing more written); the other
// node takes the table over from the last applied move, its player follows
// the table there, the dead node's player reconnects to the live node and
// is in their seat, and the game finishes with every move kept.
func TestClusterOwnerDies(t *testing.T) {
	nodes, alice, bob, id := clusterGame(t, "10")
	for range 3 {
		playTurn(t, alice, bob)
	}
	before := movesOf(t, nodes[0].hub, id)

	nodes[0].conn.Close() // node a is gone for the others

	// Node b takes the table over and bob, whose session is on b, is
	// seated there again.
	deadline := time.Now().Add(patience)
	for nodes[1].hub.tableByID(id) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("node b did not take table %s over", id)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := movesOf(t, nodes[1].hub, id); !slices.EqualFunc(got, before, sameMove) {
		t.Fatalf("node b has moves %v, want the %d applied on a: %v", got, len(before), before)
	}
	bob.until("back at the table on node b", func() bool {
		var ok bool
		inspect(t, nodes[1].hub, id, func(tb *table) { ok = tb.seats[1].client == bob.Client })
		return ok
	})
	// Alice reconnects, to node b, and is in her seat.
	alice2 := connect(t, nodes[1].hub, "alice")
	alice2.table("her seat back", func(u *TableUpdate) bool { return u.Table.ID == id && u.You == 0 && !u.Closed })
	for {
		playTurn(t, alice2, bob)
		if bob.tu.Outcome.Done {
			break
		}
	}
	if got := movesOf(t, nodes[1].hub, id); len(got) < len(before) || !slices.EqualFunc(got[:len(before)], before, sameMove) {
		t.Fatalf("the finished game lost moves: %v, want it to start with %v", got, before)
	}

	// Node a comes back under its name and opens a table: a new ID, not
	// the one node b now runs.
	again := startNode(t, nodes[0].srv, "a-node")
	carol := connect(t, again.hub, "carol")
	must(t, carol.Create(toyID, 2, false, nil))
	if u := carol.seated(); u.Table.ID == id {
		t.Fatalf("the restarted node reused the ID %s", id)
	}
}

func sameMove(a, b engine.Move) bool {
	return a.Seat == b.Seat && a.Action.Kind == b.Action.Kind && slices.Equal(a.Action.Args, b.Action.Args)
}

// TestClusterStaleOwnerFenced: another node takes a table over while its
// owner still runs (a pause or a partition on the owner's side); the old
// owner's next write is refused, so the move it applied is not kept, it
// stops the table, and its player follows the table to the new owner.
func TestClusterStaleOwnerFenced(t *testing.T) {
	nodes, alice, bob, id := clusterGame(t, "50")
	for range 2 {
		playTurn(t, alice, bob)
	}
	before := movesOf(t, nodes[0].hub, id)

	// Node b decides node a is gone and takes the table, while a runs on.
	// Node a still renews its lease (every 100 ms here): a renewal that b's
	// watch has not seen yet makes b's compare-and-swap fail, and b tries
	// again with the revision it sees next.
	deadline := time.Now().Add(patience)
	for nodes[1].hub.takeOver(id); nodes[1].hub.tableByID(id) == nil && time.Now().Before(deadline); nodes[1].hub.takeOver(id) {
		time.Sleep(10 * time.Millisecond)
	}
	if nodes[1].hub.tableByID(id) == nil {
		t.Fatalf("node b could not take table %s", id)
	}
	// Whoever must move on node a's copy moves there: the write is refused.
	// (Node a may already have seen node b take the lease and handed the
	// table over, its players following it: then the move is b's to keep,
	// and there is nothing stale to refuse.)
	alice.drain()
	bob.drain()
	mover := bob // goes to a, the owner bob's node knows
	if slices.Contains(alice.tu.Pending, alice.tu.You) {
		mover = alice // applied on a, refused by the store
	}
	stale := nodes[0].hub.tableByID(id) != nil
	_ = mover.Act(addOne)
	deadline = time.Now().Add(patience)
	for nodes[0].hub.tableByID(id) != nil {
		if time.Now().After(deadline) {
			t.Fatalf("node a still runs table %s", id)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := movesOf(t, nodes[1].hub, id); stale && !slices.EqualFunc(got, before, sameMove) {
		t.Fatalf("node b's table has moves %v, want only the %d before the takeover", got, len(before))
	}
	// Alice, whose session is on node a, follows the table to node b.
	alice.until("at the table on node b", func() bool {
		var ok bool
		inspect(t, nodes[1].hub, id, func(tb *table) {
			for _, px := range tb.seats {
				_, far := px.client.(*standIn)
				ok = ok || (far && px.id == "key:alice")
			}
		})
		return ok
	})
	playTurn(t, alice, bob)
	if got := movesOf(t, nodes[1].hub, id); len(got) != len(before)+1 {
		t.Fatalf("after one more move node b has %d moves, want %d", len(got), len(before)+1)
	}
}

// TestClusterSameKeyElsewhere: a player who connects to another node while
// an older session of theirs runs (a connection that died without the
// server noticing, a second terminal) gets the older session's seat there,
// and the older session is told why it ended, wherever the table runs.
func TestClusterSameKeyElsewhere(t *testing.T) {
	nodes, alice, bob, id := clusterGame(t, "50")
	// Alice's table runs on her node; she comes back through the other.
	alice2 := connect(t, nodes[1].hub, "alice")
	alice.closedWith(NoticeReplaced)
	alice2.table("alice's seat on the other node", func(u *TableUpdate) bool {
		return u.Table.ID == id && u.You == 0 && !u.Closed && u.Table.Status == Playing
	})
	// Bob's session is on the other node; he comes back through the
	// table's own node.
	bob2 := connect(t, nodes[0].hub, "bob")
	bob.closedWith(NoticeReplaced)
	bob2.table("bob's seat on the table's node", func(u *TableUpdate) bool {
		return u.Table.ID == id && u.You == 1 && !u.Closed
	})
	playTurn(t, alice2, bob2)
	// A session at another node's table that ends leaves its seat away.
	alice2.Close()
	bob2.table("alice away", func(u *TableUpdate) bool { return !u.Seats[0].Connected && !u.Seats[0].Empty })
}

// TestClusterRematchAndWatch: a spectator on another node follows the game;
// after it, the player on the other node opens the rematch (on the table's
// node, in his own seat, as its host), the owner's player joins it by its
// code, and the other node's lobby lists the result.
func TestClusterRematchAndWatch(t *testing.T) {
	nodes := testCluster(t, 2)
	alice, bob := connect(t, nodes[0].hub, "alice"), connect(t, nodes[1].hub, "bob")
	dan := connect(t, nodes[1].hub, "dan")
	must(t, alice.Create(toyID, 2, false, engine.Options{"target": "3"}))
	id := alice.seated().Table.ID
	bob.lobbyWhere("alice's table", func(l *LobbyUpdate) bool { return slices.Contains(lobbyIDs(l), id) })
	must(t, bob.Join(id))
	must(t, dan.Watch(id))
	if u := dan.table("watching", func(u *TableUpdate) bool { return u.Table.ID == id && !u.Closed }); u.You != engine.Spectator {
		t.Fatalf("dan is seat %d", u.You)
	}
	must(t, alice.Start())
	finishToy(t, alice, bob)
	if u := dan.table("the end, watched", func(u *TableUpdate) bool { return u.Outcome.Done }); view(t, u).Secret != -1 {
		t.Fatalf("the spectator sees a secret: %+v", u.View)
	}
	must(t, bob.Rematch())
	nu := bob.table("at the rematch", func(u *TableUpdate) bool { return u.Table.ID != id && !u.Closed })
	if nu.You != 1 || !nu.Host || nu.Seats[0].Name != "alice" {
		t.Fatalf("bob's rematch: %s seats %+v", show(nu), nu.Seats)
	}
	code := alice.table("the rematch's code", func(u *TableUpdate) bool { return u.Rematch != "" }).Rematch
	must(t, alice.JoinCode(code))
	bob.table("alice is back", func(u *TableUpdate) bool { return u.Seats[0].Connected })
	if nodes[0].hub.tableByID(nu.Table.ID) == nil {
		t.Fatalf("the rematch %s is not on the table's node", nu.Table.ID)
	}
	must(t, dan.Leave())
	dan.lobbyWhere("the result", func(l *LobbyUpdate) bool { return len(l.Recent) == 1 && l.Recent[0].Names[1] == "bob" })
}

// TestClusterNamesAreOnePlayers: a name taken on one node is taken on the
// others too, but not for its own player (who may come back through
// another node before the first noticed they left).
func TestClusterNamesAreOnePlayers(t *testing.T) {
	nodes := testCluster(t, 2)
	ann := connect(t, nodes[0].hub, "ann")
	other := nodes[1].hub
	for deadline := time.Now().Add(patience); ; time.Sleep(5 * time.Millisecond) {
		if l := other.Lobby(); l.Online == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("node b never heard of ann")
		}
	}
	twin := other.Connect(Player{ID: "key:twin", Name: "ANN"})
	if got := twin.Player().Name; got != "ANN 2" {
		t.Fatalf("a second ann on the other node is called %q", got)
	}
	if _, err := twin.Rename("Ann"); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("renaming to ann on the other node: %v", err)
	}
	back := other.Connect(Player{ID: ann.Player().ID, Name: "ann"})
	if got := back.Player().Name; got != "ann" {
		t.Fatalf("ann herself, through the other node, is called %q", got)
	}
}

// TestClusterAdmin: an admin on one node posts a notice every node shows,
// lists every node's tables (private ones with their codes and seats), and
// closes a table another node runs.
func TestClusterAdmin(t *testing.T) {
	nodes, alice, bob, id := clusterGame(t, "50")
	admin := nodes[1].hub
	admin.SetNotice(testAdmin, "maintenance at noon")
	alice.table("the notice", func(u *TableUpdate) bool { return u.ServerNotice == "maintenance at noon" })
	var code string
	inspect(t, nodes[0].hub, id, func(tb *table) { code = tb.code })
	infos := admin.Tables()
	if len(infos) != 1 || infos[0].ID != id || infos[0].Code != code || !slices.Equal(infos[0].Seats, []string{"alice", "bob"}) {
		t.Fatalf("the admin on node b lists %+v", infos)
	}
	must(t, admin.CloseTable(testAdmin, code, "tidying up"))
	alice.closedWith(NoticeAdminClosed + " tidying up")
	bob.closedWith(NoticeAdminClosed + " tidying up")
	for deadline := time.Now().Add(patience); ; time.Sleep(5 * time.Millisecond) {
		if _, listed := admin.remoteByID(id); !listed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node b still lists %+v", admin.Tables())
		}
	}
	if err := admin.CloseTable(testAdmin, id, ""); !errors.Is(err, ErrNoTable) {
		t.Fatalf("closing it again: %v", err)
	}

	// Who is connected where, and a kick that the other node carries out.
	far := admin.Elsewhere()
	if len(far) != 1 || far[0].Name != "alice" || far[0].Node != "a-node" || far[0].ID != "key:alice" {
		t.Fatalf("node b sees elsewhere %+v", far)
	}
	kicked := make(chan Kick, 1)
	nodes[0].hub.OnKick(func(k Kick) int { kicked <- k; return 1 })
	admin.KickElsewhere(Kick{Who: "alice", Why: "kicked by an admin", By: testAdmin})
	select {
	case k := <-kicked:
		if k.Who != "alice" {
			t.Fatalf("node a was asked to kick %+v", k)
		}
	case <-time.After(patience):
		t.Fatal("node a was never asked to kick alice")
	}
	if !admin.Clustered() || testHub(t, Config{}).Clustered() {
		t.Fatal("Clustered is wrong")
	}
}

// TestClusterAdminActionsNameTheAdmin: the node that carries out another
// node's admin action (a notice, a kick, a close) logs it with the admin's
// key and name, the asking node and its own name, and refuses one that
// names no admin (a front-end of an older version, or a bug), saying so.
func TestClusterAdminActionsNameTheAdmin(t *testing.T) {
	nodes, alice, _, id := clusterGame(t, "50")
	owner, admin := nodes[0], nodes[1]
	kicks := make(chan Kick, 2)
	owner.hub.OnKick(func(k Kick) int { kicks <- k; return 1 })
	who := []string{"node a-node", "node b-node", `"root"`, "key:SHA256:root"}

	// Unnamed actions first: each subject keeps its order, so once the
	// named action that follows is done, the unnamed one was refused.
	tell(admin.hub, subjectNotice, adminNotice{Text: "from nobody"})
	admin.hub.SetNotice(testAdmin, "maintenance at noon")
	alice.table("the notice", func(u *TableUpdate) bool { return u.ServerNotice == "maintenance at noon" })
	owner.log.wait(t, "who posted the notice", append(who, "admin action", `post the notice "maintenance at noon"`)...)
	if n := owner.log.count("refused an admin action from node b-node that names no admin", "post a notice"); n != 1 {
		t.Errorf("%d lines refuse the unnamed notice, want 1", n)
	}

	admin.hub.KickElsewhere(Kick{Who: "alice", Why: "kicked by an admin"})
	admin.hub.KickElsewhere(Kick{Who: "alice", Why: "kicked by an admin", By: testAdmin})
	if k := <-kicks; k.By != testAdmin {
		t.Fatalf("node a ended sessions for %+v", k)
	}
	owner.log.wait(t, "who kicked alice", append(who, "end the sessions of player alice (kicked by an admin): ended 1 here")...)
	if n := owner.log.count("refused", "names no admin", "player alice"); n != 1 {
		t.Errorf("%d lines refuse the unnamed kick, want 1", n)
	}
	if len(kicks) != 0 {
		t.Error("node a ended sessions for a kick that names no admin")
	}

	err := admin.hub.ask(id, nil, cmdReq{Op: opAdminClose, From: clientRef{Node: "b-node"}})
	if !errors.Is(err, ErrNotAdmin) {
		t.Fatalf("a close that names no admin: %v", err)
	}
	owner.log.wait(t, "the refused close", "refused", "names no admin", "close table "+id)
	if owner.hub.tableByID(id) == nil {
		t.Fatal("a close that names no admin closed the table")
	}
	must(t, admin.hub.CloseTable(testAdmin, id, "tidying up"))
	alice.closedWith(NoticeAdminClosed + " tidying up")
	owner.log.wait(t, "who closed the table", append(who, fmt.Sprintf("close table %s (reason: %q)", id, "tidying up"))...)
}

// TestClusterFrontEndDies: the node that holds a player's session dies
// (not the table's owner): the owner soon sees the player away, and when
// the player connects again, to the owner's node, they are in their seat.
// A player who moves to a table of their own node leaves the other node's
// table.
func TestClusterFrontEndDies(t *testing.T) {
	nodes, alice, bob, id := clusterGame(t, "50")
	nodes[1].conn.Close() // bob's node is gone
	alice.table("bob away", func(u *TableUpdate) bool { return !u.Seats[1].Connected && !u.Seats[1].Empty })
	bob2 := connect(t, nodes[0].hub, "bob")
	bob2.table("bob's seat", func(u *TableUpdate) bool { return u.Table.ID == id && u.You == 1 && !u.Closed })
	alice.table("bob back", func(u *TableUpdate) bool { return u.Seats[1].Connected })
	_ = bob

	// A fresh pair of nodes: carol on node b watches alice's table, then
	// opens a table of her own on node b.
	nodes2 := testCluster(t, 2)
	ann, carol := connect(t, nodes2[0].hub, "ann"), connect(t, nodes2[1].hub, "carol")
	must(t, ann.Create(toyID, 2, false, nil))
	tid := ann.seated().Table.ID
	carol.lobbyWhere("ann's table", func(l *LobbyUpdate) bool { return slices.Contains(lobbyIDs(l), tid) })
	must(t, carol.Join(tid))
	ann.table("carol joined", func(u *TableUpdate) bool { return u.Seats[1].Name == "carol" })
	must(t, carol.Create(toyID, 2, false, nil))
	ann.table("carol left", func(u *TableUpdate) bool { return u.Seats[1].Empty })
}

// TestClusterNodeRestarts: a node that restarts under its name at once
// (before the others miss it) had sessions at another node's table: their
// seats become away, and the new run's clients are not taken for them.
func TestClusterNodeRestarts(t *testing.T) {
	nodes, alice, _, id := clusterGame(t, "50")
	nodes[1].hub.Close()
	nodes[1].conn.Close()
	again := startNode(t, nodes[0].srv, "b-node")
	alice.table("bob away", func(u *TableUpdate) bool { return !u.Seats[1].Connected && !u.Seats[1].Empty })
	dan := connect(t, again.hub, "dan")
	dan.lobbyWhere("alice's table", func(l *LobbyUpdate) bool { return slices.Contains(lobbyIDs(l), id) })
	if err := dan.Join(id); !errors.Is(err, ErrStarted) {
		t.Fatalf("dan joining a game under way: %v", err)
	}
	bob := connect(t, again.hub, "bob")
	bob.table("bob's seat", func(u *TableUpdate) bool { return u.Table.ID == id && u.You == 1 && !u.Closed })
}

// flakyStore refuses to save tables while fail is set.
type flakyStore struct {
	store.Shared
	fail atomic.Bool
}

func (f *flakyStore) SaveTable(t *store.Table, stored int) error {
	if f.fail.Load() {
		return errors.New("flaky: JetStream does not answer")
	}
	return f.Shared.SaveTable(t, stored)
}

// TestClusterShowsOnlySavedMoves: while the store refuses to save, a move
// at a cluster's table is not shown (another node would go on without
// it); once the store saves again, it is shown.
func TestClusterShowsOnlySavedMoves(t *testing.T) {
	nodes := testCluster(t, 1)
	conn, inner := dial(t, nodes[0].srv, "f-node")
	flaky := &flakyStore{Shared: inner}
	h := testHub(t, Config{Bus: conn, Store: flaky})
	ann, bob := connect(t, h, "ann"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "50"}, ann, bob)
	ann.table("ann to move", func(u *TableUpdate) bool { return slices.Contains(u.Pending, 0) })
	flaky.fail.Store(true)
	must(t, ann.Act(addOne))
	waiting := bob.table("the table waits", func(u *TableUpdate) bool { return u.Unsaved })
	if view(t, waiting).Count != 0 {
		t.Fatalf("bob saw a move the store did not save: %s", show(waiting))
	}
	flaky.fail.Store(false)
	u := bob.table("the move, once saved", func(u *TableUpdate) bool { return !u.Unsaved && u.Version > waiting.Version })
	if view(t, u).Count != 1 {
		t.Fatalf("after the save bob sees %s", show(u))
	}
	if got, err := inner.TakeTable(id); err != nil || len(got.Moves) != 1 {
		t.Fatalf("the store holds %d moves (%v), want 1", len(got.Moves), err)
	}
}

// TestClusterOwnerDiesPlayerBackAtOnce: the node that owns a game dies
// (cut off, as by kill -9) and its player connects again at once, before
// the table is taken over: to the surviving node, or to the dead node
// started again under its name; the surviving node takes the table over,
// or the restarted one does. Every way they are in their seat as soon as
// a node runs the table, the other node's player follows it there, and
// the game goes on through their turns without waiting for them.
func TestClusterOwnerDiesPlayerBackAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name               string
		restart, restarted bool // alice connects to node a's new run; it takes the table over
	}{
		{name: "to the surviving node"},
		{name: "to the restarted node", restart: true},
		{name: "to the restarted node, which takes the table over", restart: true, restarted: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nodes, alice, bob, id := clusterGame(t, "50")
			playTurn(t, alice, bob)
			v := bob.tu.Version
			// Only one node may take the table over: the other drains.
			nodes[1].hub.SetDraining(tc.restarted)
			nodes[0].conn.Close()
			hub := nodes[1].hub
			if tc.restart {
				hub = startNode(t, nodes[0].srv, "a-node").hub
				hub.SetDraining(!tc.restarted)
			}
			alice2 := connect(t, hub, "alice")
			alice2.table("her seat back", func(u *TableUpdate) bool {
				return u.Table.ID == id && u.You == 0 && !u.Closed && u.Seats[0].Connected
			})
			bob.table("the table at its new owner", func(u *TableUpdate) bool { return u.Version > v && !u.Closed })
			for range 4 {
				playTurn(t, alice2, bob)
			}
		})
	}
}

// TestClusterLeaveRightAfterConnecting: a player who connected a moment
// ago and leaves a game under way stays in the lobby, whether the table
// runs on their node or on another: the bot the host puts in their seat
// plays on.
func TestClusterLeaveRightAfterConnecting(t *testing.T) {
	for seat, where := range []string{"on the table's node", "on another node"} {
		t.Run(where, func(t *testing.T) {
			nodes, alice, bob, id := clusterGame(t, "1000000")
			gone, host := alice, bob
			if seat == 1 {
				gone, host = bob, alice
			}
			must(t, gone.Leave())
			host.table("the seat away", func(u *TableUpdate) bool { return !u.Seats[seat].Connected })
			// Node b heard it too (it puts players who just connected
			// back in seats that other nodes say they are away from).
			for deadline := time.Now().Add(patience); !awayOn(nodes[1].hub, "a-node", gone.Player().ID, id); time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("node b never heard that the seat is away")
				}
			}
			must(t, host.AddBot(seat, "easy"))
			for range 4 {
				playTurn(t, host)
			}
			if _, at, err := gone.seat(); at != nil || err != nil {
				t.Fatalf("%s is back at the table they left (%v)", gone.Player().Name, err)
			}
		})
	}
}

// awayOn reports whether h heard from node that player id is away from
// table tid there.
func awayOn(h *Hub, node, id, tid string) bool {
	n := h.nodes.get(node)
	return n != nil && n.state.Away[id] == tid
}

// TestClusterFinishedTableTakenOver: the node that owns a finished game
// dies while its players look at the game-over screen. The other node
// takes the table over as a restart would bring it back: its player
// follows it there and keeps the game-over screen, the dead node's player
// reconnects to it, and the game is in the history once.
func TestClusterFinishedTableTakenOver(t *testing.T) {
	nodes, alice, bob, id := clusterGame(t, "3")
	finishToy(t, alice, bob)
	over := bob.table("the game-over screen", func(u *TableUpdate) bool { return u.Outcome.Done })

	nodes[0].conn.Close() // node a is gone for the others
	bob.table("the game-over screen on node b", func(u *TableUpdate) bool {
		return u.Version > over.Version && u.Outcome.Done && !u.Closed && u.Table.Status == Finished
	})
	alice2 := connect(t, nodes[1].hub, "alice")
	alice2.table("her game-over screen", func(u *TableUpdate) bool {
		return u.Table.ID == id && u.You == 0 && u.Outcome.Done && !u.Closed
	})
	must(t, bob.Say("gg"))
	alice2.table("bob's line", func(u *TableUpdate) bool { return len(u.Chat) > 0 && u.Chat[len(u.Chat)-1].Text == "gg" })
	// Node a may have died before its history write; node b, taking the
	// table over, writes the game (once) off its actor.
	var games []store.Game
	var err error
	waitFor(t, "the game in bob's history", func() bool {
		games, err = nodes[1].hub.store.Games("key:bob", 10)
		return err == nil && len(games) > 0
	})
	if len(games) != 1 || games[0].TableID != id {
		t.Fatalf("bob's history: %+v; want the one game of table %s", games, id)
	}
}

// cutBus is a node's Bus that a test cuts off: the other nodes' tables
// do not answer it, and it says the storage is down when told to.
type cutBus struct {
	Bus
	mute, down atomic.Bool
}

// Request fails as a request nobody answers does while the bus is mute.
func (b *cutBus) Request(subject string, req []byte, timeout time.Duration) ([]byte, error) {
	if b.mute.Load() {
		return nil, nats.ErrTimeout
	}
	return b.Bus.Request(subject, req, timeout)
}

// StorageDown is what the test says.
func (b *cutBus) StorageDown() bool { return b.down.Load() || b.Bus.StorageDown() }

// TestClusterStorageDownSaysSo: while a table's node does not answer, a
// player on another node is told the storage is unavailable when it is
// (nobody can take the table over then), that another server takes over
// when it is not; and a key pressed again and again logs one line, not
// one a key.
func TestClusterStorageDownSaysSo(t *testing.T) {
	nodes := testCluster(t, 1)
	conn, st := dial(t, nodes[0].srv, "b-node")
	var mu sync.Mutex
	var lines []string
	cut := &cutBus{Bus: conn}
	b := testHub(t, Config{Bus: cut, Store: st, Logf: func(format string, args ...any) {
		mu.Lock()
		lines = append(lines, fmt.Sprintf(format, args...))
		mu.Unlock()
	}})
	alice, bob := connect(t, nodes[0].hub, "alice"), connect(t, b, "bob")
	startAcross(t, alice, bob, "50")

	cut.mute.Store(true)
	cut.down.Store(true)
	for range 20 {
		if err := bob.Act(addOne); !errors.Is(err, ErrStorageDown) {
			t.Fatalf("a move while the storage is down: %v, want ErrStorageDown", err)
		}
	}
	cut.down.Store(false)
	if err := bob.Act(addOne); !errors.Is(err, ErrNoServer) {
		t.Fatalf("a move while the owner does not answer: %v, want ErrNoServer", err)
	}
	cut.mute.Store(false)
	must(t, bob.Say("back"))
	mu.Lock()
	defer mu.Unlock()
	asked := 0
	for _, l := range lines {
		if strings.Contains(l, "got no answer") {
			asked++
		}
	}
	if asked != 1 {
		t.Fatalf("21 unanswered requests logged %d lines, want 1: %q", asked, lines)
	}
}
