//go:build !js

package xiangqi

// perftDepth is TestPerft's depth natively: the reference's depth-5 rows.
const perftDepth = 5
