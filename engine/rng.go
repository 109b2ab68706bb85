package engine

// RNG is a small deterministic random generator (SplitMix64) whose whole
// state is one exported number, so it serializes inside a game state.
type RNG struct {
	S uint64 `json:"s"`
}

// NewRNG seeds a generator.
func NewRNG(seed uint64) RNG { return RNG{S: seed} }

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	r.S += 0x9e3779b97f4a7c15
	z := r.S
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a number in [0, n). It panics if n <= 0.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		panic("engine: Intn with n <= 0")
	}
	// Lemire's debiased multiply-shift would be faster; modulo with
	// rejection keeps it obviously uniform.
	limit := ^uint64(0) - (^uint64(0) % uint64(n))
	for {
		v := r.Uint64()
		if v < limit {
			return int(v % uint64(n))
		}
	}
}

// Shuffle permutes n elements with swap (Fisher-Yates).
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}
