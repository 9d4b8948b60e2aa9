package xiangqi

// perftDepth is TestPerft's depth under GOOS=js: wasm is ~4x slower than native, so depth 5
// (186M leaves) would take most of a minute there; native runs check it.
const perftDepth = 4
