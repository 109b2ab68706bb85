package rooms

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"arcade/rooms/store"
)

// Table IDs are never given twice: not after a restart, and not by two
// servers of a cluster. The sequence behind them ("t<seq>") lives in the
// store's settings (store.Settings, under SeqSetting), and a hub reserves a
// block of seqBlock numbers at a time, so the store is written once per
// seqBlock new tables. A hub without a store counts from 1.

// SeqSetting is the store setting that holds the last table number any
// server reserved, in decimal.
const SeqSetting = "table-seq"

// seqBlock is how many table numbers a hub reserves at once.
const seqBlock = 32

// seqs hands out the hub's table numbers.
type seqs struct {
	mu        sync.Mutex
	next, end uint64 // numbers next+1..end are reserved and not given yet
}

// errNoSeq: the store would not reserve table numbers.
var errNoSeq = errors.New("The arcade cannot save a new table right now; try again in a moment.")

// takeSeq returns a table number never given before. It reserves a new
// block in the store when the hub's is used up (without holding h.mu: the
// store may be slow).
func (h *Hub) takeSeq() (uint64, error) {
	b := &h.seqs
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.next >= b.end {
		kept, ok := h.store.(store.Settings)
		if !ok {
			b.end += seqBlock
		} else {
			var end uint64
			err := kept.UpdateSetting(SeqSetting, func(old []byte) ([]byte, error) {
				last, err := parseSeq(old)
				if err != nil {
					return nil, err
				}
				end = max(last, b.end) + seqBlock
				return []byte(strconv.FormatUint(end, 10)), nil
			})
			if err != nil {
				h.storeFailed("reserve table IDs", err)
				return 0, errNoSeq
			}
			b.next, b.end = max(b.next, end-seqBlock), end
		}
	}
	b.next++
	return b.next, nil
}

// parseSeq reads SeqSetting's value (nil: none yet).
func parseSeq(v []byte) (uint64, error) {
	if len(v) == 0 {
		return 0, nil
	}
	n, err := strconv.ParseUint(string(v), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("rooms: setting %s holds %q, not a number", SeqSetting, v)
	}
	return n, nil
}
