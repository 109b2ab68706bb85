package rooms

import (
	"errors"
	"time"
)

// Bus is how the hubs of several arcade servers (nodes) talk to each other
// when they share one lobby and every table (Config.Bus; package
// rooms/natsbus puts it on NATS with JetStream). Subjects are made by the
// hub from server-made IDs only, never from what a player typed.
//
// Every open table has one owner node, recorded as a lease that the owner
// renews; a node whose lease lapses (it died, or it was paused or cut off)
// loses its tables to another node, which takes them from the shared store
// (store.Shared) and plays on from the last applied move.
type Bus interface {
	// Node is this server's name, unique among the nodes: letters, digits
	// and '-' only.
	Node() string
	// Publish sends data to whoever subscribed to subject, in order with
	// this node's other publishes.
	Publish(subject string, data []byte) error
	// Subscribe calls handle for every message on subject (which may end
	// in the wildcard ">"), one at a time and in order, until stop.
	Subscribe(subject string, handle func(subject string, data []byte)) (stop func(), err error)
	// Serve answers requests on subject with handle's reply, one at a
	// time, until stop.
	Serve(subject string, handle func(req []byte) []byte) (stop func(), err error)
	// Request sends req to the one server serving subject and returns its
	// reply: ErrNoServer when nobody serves the subject.
	Request(subject string, req []byte, timeout time.Duration) ([]byte, error)

	// Claim takes the lease of a table this node opens, and keeps renewing
	// it until Release. It fails when the table has an owner.
	Claim(table string) error
	// Release gives the lease up because this node hands the table over
	// (it drains or stops): other nodes may take it at once.
	Release(table string) error
	// Drop deletes the lease of a table that closed: nobody takes it.
	Drop(table string) error
	// TakeOver claims the lease of an orphaned table by compare-and-swap:
	// of all the nodes that try, exactly one gets true.
	TakeOver(table string) (bool, error)
	// WatchLeases calls orphaned (from a goroutine of the bus) for every
	// table whose lease was released (not dropped) or whose owner stopped
	// renewing it while the storage answered, and lost for every table of
	// this node whose lease another node holds now (not one this node
	// merely could not renew).
	WatchLeases(orphaned, lost func(table string)) (stop func())
	// StorageDown reports whether the cluster's storage (JetStream) does
	// not answer this node now, as when it lost its quorum: nothing can be
	// saved, and no table changes owner, until it answers again.
	StorageDown() bool
}

// ErrNoServer: no node serves a Bus request's subject (the table's owner
// is gone, and no node took it over yet; the storage answers, so one
// will).
var ErrNoServer = errors.New("The table's server does not answer: another one takes it over within seconds. Try again in a moment.")

// ErrStorageDown: a Bus request got no answer while the cluster's storage
// does not answer (Bus.StorageDown): no table can be saved or change owner
// until it does, so the table waits.
var ErrStorageDown = errors.New("The arcade's storage is unavailable; your table waits.")
