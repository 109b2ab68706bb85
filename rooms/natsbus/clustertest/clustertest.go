// Package clustertest helps the tests that run arcade clusters on NATS:
// free ports for servers on loopback, and front-ends' connections with
// their stores. Only tests import it.
package clustertest

import (
	"net"
	"testing"
	"time"

	"arcade/rooms/natsbus"
)

// FreePort returns a TCP port on loopback that nothing listens on now.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Open connects a front-end with dial and opens its store (with the
// connection's Replicas), trying again every tenth of a second until both
// work or within has passed: a NATS cluster that has just formed may
// still be electing its JetStream leaders. Both close when the test ends.
func Open(t testing.TB, within time.Duration, dial func() (*natsbus.Conn, error)) (*natsbus.Conn, *natsbus.Store) {
	t.Helper()
	var conn *natsbus.Conn
	var st *natsbus.Store
	var err error
	for deadline := time.Now().Add(within); ; time.Sleep(100 * time.Millisecond) {
		if conn == nil {
			conn, err = dial()
		}
		if conn != nil {
			st, err = natsbus.NewStore(conn.JetStream(), conn.Replicas())
		}
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			if conn != nil {
				conn.Close()
			}
			t.Fatalf("no front-end could use NATS within %v: %v", within, err)
		}
	}
	t.Cleanup(func() { conn.Close(); _ = st.Close() })
	return conn, st
}
