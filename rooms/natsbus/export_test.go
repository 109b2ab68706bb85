package natsbus

// The package's own test helpers, for its external tests (package
// cluster_test).
var (
	TestTable = testTable
	AddMove   = addMove
	SameMoves = sameMoves
)
