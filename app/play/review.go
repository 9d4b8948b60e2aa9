package play

// review is the ply of its record a game shows while the person reviews it (its viewed
// and setView): games embed it. Zero is "no review", so a new game shows its own position.
type review struct{ at int } // the ply shown plus one, 0 for none

func (r *review) viewed() int     { return r.at - 1 }
func (r *review) setView(ply int) { r.at = max(ply, -1) + 1 }

// shownPly is the ply a game at ply of its record shows.
func (r *review) shownPly(ply int) int {
	if r.at > 0 {
		return r.at - 1
	}
	return ply
}
