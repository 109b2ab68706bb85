package natsbus

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nats-io/nats.go/jetstream"
)

// bucketKey is key as the bucket takes it: a NATS key holds only letters,
// digits and - / _ = . (not at either end), so any other key (a player's
// key ID has colons and a plus) is written in base64 (URL alphabet)
// behind "b64.", which no key of the first kind starts with.
func bucketKey(key string) string {
	plain := key != "" && !strings.HasPrefix(key, ".") && !strings.HasSuffix(key, ".") && !strings.HasPrefix(key, "b64.")
	for _, r := range key {
		plain = plain && (r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-/_=.", r)))
	}
	if plain && !strings.Contains(key, "..") {
		return key
	}
	return "b64." + base64.RawURLEncoding.EncodeToString([]byte(key))
}

// Setting implements store.Settings: the value in the bucket
// arcade_settings, nil when there is none.
func (s *Store) Setting(key string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	e, err := s.values.Get(ctx, bucketKey(key))
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
		e, err := s.values.Get(ctx, bucketKey(key))
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
			_, err = s.values.Create(ctx, bucketKey(key), v)
		} else {
			_, err = s.values.Update(ctx, bucketKey(key), v, rev)
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
