package rvengine

var SolveLevel = solveLevel

const BookVariety = bookVariety
