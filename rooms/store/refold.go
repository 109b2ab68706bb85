package store

import (
	"cmp"
	"slices"
	"time"
)

// FoldVersionSetting is the setting under which a store that keeps
// settings remembers the version of the fold its chosen names were folded
// by (Refolder).
const FoldVersionSetting = "name-fold"

// ChosenName is a name a player chose (SetName), with its fold as kept,
// for Refold.
type ChosenName struct {
	ID, Name, Fold string
	LastSeen       time.Time
}

// Refold folds the chosen names again with fold and returns those whose
// fold changes, with the new one: when names fold alike, the one of the
// player seen last keeps the fold (the earliest ID when seen at the same
// time) and the others get none. It is Refolder's ruling, for its
// implementations.
func Refold(names []ChosenName, fold func(name string) string) []ChosenName {
	names = slices.Clone(names)
	slices.SortFunc(names, func(a, b ChosenName) int {
		return cmp.Or(b.LastSeen.Compare(a.LastSeen), cmp.Compare(a.ID, b.ID))
	})
	kept := make(map[string]bool, len(names))
	var changed []ChosenName
	for _, n := range names {
		f := fold(n.Name)
		if kept[f] {
			f = ""
		}
		if f != "" {
			kept[f] = true
		}
		if f != n.Fold {
			n.Fold = f
			changed = append(changed, n)
		}
	}
	return changed
}
