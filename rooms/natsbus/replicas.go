package natsbus

import (
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Errors of a cluster that cannot keep Options.Replicas copies. Connect's
// error wraps one of them when that is why it failed.
var (
	// ErrNotClustered: the NATS server is a single server, not a cluster,
	// and keeps one copy of each stream and bucket: that is final.
	ErrNotClustered = errors.New("the NATS server is a single server, which keeps one copy of everything")
	// ErrTooFewPeers: the NATS cluster has fewer JetStream servers than
	// copies to keep, for now (its servers may still be starting).
	ErrTooFewPeers = errors.New("the NATS cluster has fewer servers than copies to keep")
)

// JetStream's error codes for too many replicas.
const (
	jsReplicasNotSupported jetstream.ErrorCode = 10074 // "replicas > 1 not supported in non-clustered mode"
	jsClusterNoPeers       jetstream.ErrorCode = 10005 // "no suitable peers for placement"
)

// placement is err, wrapping ErrNotClustered or ErrTooFewPeers as well when
// JetStream refused a stream for having too many replicas.
func placement(err error) error {
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		return err
	}
	switch apiErr.ErrorCode {
	case jsReplicasNotSupported:
		return fmt.Errorf("%w (%w)", ErrNotClustered, err)
	case jsClusterNoPeers:
		return fmt.Errorf("%w (%w)", ErrTooFewPeers, err)
	}
	return err
}
