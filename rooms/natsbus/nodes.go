package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Node names. Every node of a cluster must have a name of its own: two
// nodes of one name would take each other's messages and tables. A node
// claims its name at start (ClaimName) as a key of the bucket arcade_nodes
// and renews it every LeaseEvery while it runs; a second node that claims
// a name whose key is being renewed is refused. A key that goes LeaseTTL
// without a renewal belongs to a node that died (kill -9, a crash, a lost
// machine), so a node restarted under its own name waits at most that long.
const (
	nodesBucket = "arcade_nodes"
	// nodeTTL is how long the bucket keeps a key nobody renews: the names
	// of nodes that died long ago are gone, and claimed without a wait.
	nodeTTL = time.Minute
)

// nodeRecord is a node name's key: who claimed it.
type nodeRecord struct {
	About string    `json:"about"`
	Since time.Time `json:"since"`
}

// NameTakenError is ClaimName's refusal: another node runs under the name.
type NameTakenError struct {
	Name string
	// About is what the other node said of itself when it claimed the
	// name (ClaimName's about), and Since when.
	About string
	Since time.Time
}

// Error implements error.
func (e *NameTakenError) Error() string {
	about := e.About
	if about != "" {
		about += ", "
	}
	return fmt.Sprintf("another arcade server named %q is running in the cluster (%sup since %s)",
		e.Name, about, e.Since.UTC().Format("2006-01-02 15:04:05 UTC"))
}

// nameClaim is this node's claim of its name, renewed by renewLoop until
// Close. Its fields are guarded by Conn.mu.
type nameClaim struct {
	kv    jetstream.KeyValue
	value []byte
	rev   uint64
	lost  func()
	gone  bool // another node took the name
}

// ClaimName claims this node's name in the cluster; renewLoop renews the
// claim every LeaseEvery until Close, which gives it up. It fails with a
// *NameTakenError while another node runs under the name; when the key
// stops being renewed, the claim waits LeaseTTL to make sure its holder is
// dead, then takes it. about (the host, the address) is shown to a node
// refused the name. lost, when set, is called if another node takes the
// name later (this node stalled for LeaseTTL).
func (c *Conn) ClaimName(about string, lost func()) error {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout+c.opts.LeaseTTL)
	defer cancel()
	kv, err := c.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: nodesBucket, History: 1, TTL: nodeTTL, Storage: jetstream.FileStorage, Replicas: c.opts.Replicas,
	})
	if err != nil {
		return fmt.Errorf("cluster: node names bucket: %w", err)
	}
	value, err := json.Marshal(nodeRecord{About: about, Since: time.Now().UTC()})
	if err != nil {
		return fmt.Errorf("cluster: node name %s: %w", c.node, err)
	}
	for range casTries {
		var rev uint64
		e, err := kv.Get(ctx, c.node)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			rev, err = kv.Create(ctx, c.node, value)
		case err != nil: // returned below
		default:
			var alive bool
			if alive, err = c.renewed(ctx, kv, e.Revision()); err == nil && alive {
				var other nodeRecord
				_ = json.Unmarshal(e.Value(), &other)
				return &NameTakenError{Name: c.node, About: other.About, Since: other.Since}
			}
			if err == nil {
				rev, err = kv.Update(ctx, c.node, value, e.Revision())
			}
		}
		if conflict(err) {
			continue // someone else wrote the key meanwhile: look again
		}
		if err != nil {
			return fmt.Errorf("cluster: node name %s: %w", c.node, err)
		}
		c.mu.Lock()
		c.name = &nameClaim{kv: kv, value: value, rev: rev, lost: lost}
		c.mu.Unlock()
		return nil
	}
	return fmt.Errorf("cluster: node name %s: still changing after %d tries", c.node, casTries)
}

// renewed watches the name's key, at revision rev, for LeaseTTL: true when
// its holder renews it (it is alive), false when it does not or the key
// goes.
func (c *Conn) renewed(ctx context.Context, kv jetstream.KeyValue, rev uint64) (bool, error) {
	tick := time.NewTicker(c.opts.LeaseEvery / 4)
	defer tick.Stop()
	deadline := time.Now().Add(c.opts.LeaseTTL)
	for time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-tick.C:
		}
		e, err := kv.Get(ctx, c.node)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			return false, nil
		case err != nil:
			return false, err
		case e.Revision() != rev:
			return true, nil
		}
	}
	return false, nil
}

// renewName renews the name's claim, if any (renewLoop, every
// LeaseEvery); it returns the error when JetStream did not answer (the
// next round tries again). A claim whose key another node wrote is lost:
// it is no longer renewed.
func (c *Conn) renewName() error {
	c.mu.Lock()
	claim := c.name
	if claim == nil || claim.gone {
		c.mu.Unlock()
		return nil
	}
	rev := claim.rev
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), c.opts.LeaseEvery)
	defer cancel()
	next, err := claim.kv.Update(ctx, c.node, claim.value, rev)
	kept := false
	if conflict(err) {
		next, err = holding(ctx, claim.kv, c.node, claim.value, rev)
		kept = err == nil
	}
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		// The key went (this node stalled for nodeTTL): claim it again.
		if next, err = claim.kv.Create(ctx, c.node, claim.value); conflict(err) {
			err = errTaken
		}
	}
	if errors.Is(err, errTaken) {
		c.mu.Lock()
		claim.gone = true
		c.mu.Unlock()
		if claim.lost != nil {
			claim.lost()
		}
		return nil
	}
	if err == nil {
		c.mu.Lock()
		claim.rev = next
		c.mu.Unlock()
	}
	if kept {
		return errKeptWrite
	}
	return err
}

// releaseName gives the name up, so that a node restarted under it starts
// at once (Close, once renewLoop stopped).
func (c *Conn) releaseName() {
	c.mu.Lock()
	claim := c.name
	c.name = nil
	c.mu.Unlock()
	if claim == nil || claim.gone {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	_ = claim.kv.Delete(ctx, c.node, jetstream.LastRevision(claim.rev))
}
