package rooms

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"
)

// Commands for the tables of other nodes: a client's node asks a table's
// owner (ask), which runs the command through a stand-in for the session
// (standin.go).

// ask sends a command for c to the owner of table id and returns its
// answer's error.
func (h *Hub) ask(id string, c *Client, req cmdReq) error {
	_, err := h.askReply(id, c, req)
	return err
}

// askReply sends a command for c (nil: the hub's own) to the owner of
// table id and returns its reply and the reply's error. A request nobody
// answers fails with ErrNoServer, or with ErrStorageDown while the
// cluster's storage does not answer (nobody can take the table over then).
func (h *Hub) askReply(id string, c *Client, req cmdReq) (cmdReply, error) {
	if h.bus == nil {
		return cmdReply{}, ErrNoTable
	}
	if c != nil {
		req.From = clientRef{Node: h.bus.Node(), Boot: h.boot, CID: c.cid}
	}
	data, err := json.Marshal(req)
	if err != nil {
		return cmdReply{}, err
	}
	out, err := h.bus.Request(subjectTable(id), data, askTimeout)
	if err != nil {
		h.askFailed(id, req.Op, err)
		if h.bus.StorageDown() {
			return cmdReply{}, ErrStorageDown
		}
		return cmdReply{}, ErrNoServer
	}
	var r cmdReply
	if err := json.Unmarshal(out, &r); err != nil {
		return cmdReply{}, err
	}
	return r, r.err()
}

// askFailed notes a request to another node's table that got no answer.
// The first after a quiet spell is logged at once, later ones once a
// minute with their count: a player pressing keys while the owner cannot
// answer must not log a line each.
func (h *Hub) askFailed(id string, op string, err error) {
	if n := h.unanswered.add(time.Now(), err); n > 0 {
		h.cfg.Logf("rooms: %d request(s) to other nodes' tables got no answer since the last report (the last: table %s, %s): %v", n, id, op, err)
	}
}

// handle runs one command of another node's client at t (on the bus's
// goroutine for t's subject) and returns the reply.
func (h *Hub) handle(t *table, data []byte) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			h.cfg.Logf("rooms: table %s: a command from another node panicked: %v\n%s", t.id, r, debug.Stack())
			out, _ = json.Marshal(replyErr(ErrInternal))
		}
	}()
	var req cmdReq
	var r cmdReply
	switch err := json.Unmarshal(data, &req); {
	case err != nil:
		r = replyErr(errors.New("rooms: a malformed command"))
	case req.Op == opAdminInfo:
		var info TableInfo
		if err := t.call(func() error { info = t.adminInfo(); return nil }); err != nil {
			r = replyErr(err)
		} else {
			r.Info = &info
		}
	case req.Op == opAdminClose:
		r = replyErr(h.adminClose(t, req))
	default:
		s := h.standIn(req)
		if s == nil {
			r = replyErr(ErrNotAtTable)
			break
		}
		r = replyErr(s.run(t, req))
		if _, at, _ := s.where(); at != nil {
			r.Table = at.id
		}
		h.dropStandIn(s)
	}
	out, _ = json.Marshal(r)
	return out
}

// adminClose closes t for an admin on another node (req), and logs who
// asked; it refuses a request that names no admin.
func (h *Hub) adminClose(t *table, req cmdReq) error {
	what := "close table " + t.id
	if !h.adminHeard(req.By, req.From.Node, what) {
		return ErrNotAdmin
	}
	err := h.CloseTable(req.By, t.id, req.Text)
	if err == nil {
		h.adminDid(req.By, req.From.Node, fmt.Sprintf("%s (reason: %q)", what, req.Text))
	}
	return err
}

// adminHeard reports whether by, on node from, names the admin behind an
// admin action (what) that node asks of this one; it logs a refusal when
// not.
func (h *Hub) adminHeard(by Admin, from, what string) bool {
	if by.named() {
		return true
	}
	h.cfg.Logf("rooms: node %s refused an admin action from node %s that names no admin: %s", h.bus.Node(), from, what)
	return false
}

// adminDid logs an admin action that node from asked of this one, with
// the admin behind it and this node's name.
func (h *Hub) adminDid(by Admin, from, what string) {
	h.cfg.Infof("admin action on node %s, asked by node %s for admin %s: %s", h.bus.Node(), from, by, what)
}
