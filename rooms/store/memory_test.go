package store_test

import (
	"testing"

	"arcade/rooms/store"
	"arcade/rooms/store/storetest"
)

func TestMemoryConformance(t *testing.T) {
	storetest.Run(t, func(*testing.T) store.Store { return store.NewMemory() })
}
