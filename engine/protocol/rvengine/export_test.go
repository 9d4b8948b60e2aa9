package rvengine

var SolveLevel = solveLevel
