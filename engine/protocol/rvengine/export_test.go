package rvengine

var SolveLevel = solveLevel

const BookVariety = bookVariety

var Budget, Plan = budget, plan

const SolveShares = solveShares
