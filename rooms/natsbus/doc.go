// Package natsbus joins arcade servers into one arcade over NATS: Conn is
// the rooms.Bus (subjects for the nodes' messages, table leases in a
// JetStream key-value bucket that lapse when their node dies, node names
// held while a node runs) and Store the shared store (store.Shared: players,
// tables, results and settings in JetStream, each table fenced to the node
// that holds its lease). natsd runs the NATS servers themselves.
package natsbus
