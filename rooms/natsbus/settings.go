package natsbus

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Setting implements store.Settings: the value in the bucket
// arcade_settings, nil when there is none.
func (s *Store) Setting(key string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	e, err := s.values.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: setting %s: %w", key, err)
	}
	return e.Value(), nil
}

// UpdateSetting implements store.Settings by compare-and-swap, trying
// again when another node changed the value meanwhile.
func (s *Store) UpdateSetting(key string, change func(old []byte) ([]byte, error)) error {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	for range casTries {
		var old []byte
		var rev uint64
		e, err := s.values.Get(ctx, key)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
		case err != nil:
			return fmt.Errorf("cluster: setting %s: %w", key, err)
		default:
			old, rev = e.Value(), e.Revision()
		}
		v, err := change(old)
		if err != nil {
			return err
		}
		if rev == 0 {
			_, err = s.values.Create(ctx, key, v)
		} else {
			_, err = s.values.Update(ctx, key, v, rev)
		}
		if err == nil {
			return nil
		}
		if !conflict(err) {
			return fmt.Errorf("cluster: setting %s: %w", key, err)
		}
	}
	return fmt.Errorf("cluster: setting %s: still changing after %d tries", key, casTries)
}
