package engine

// Count counts the elements of xs equal to x (the standard library's
// slices package has no such function).
func Count[T comparable](xs []T, x T) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}
