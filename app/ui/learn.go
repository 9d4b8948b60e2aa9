package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"qipan/app/i18n"
	"qipan/app/play"
)

// Learn from your mistakes (app/play learn.go): the report's mistakes of the person's, one
// exercise after another, each a puzzle on the board (the game kept to be brought back, as
// for any puzzle); Next goes to the next mistake, and after the last one the notice counts
// the ones found.

// learning reports whether the board shows one of the exercises being gone through.
func (p *Page) learning() bool {
	if p.learn == nil {
		return false
	}
	pz, _, _, ok := p.table().Puzzle()
	return ok && pz.Source == play.LearnSource
}

// startLearning opens the first of the report's mistakes.
func (p *Page) startLearning(ctx app.Context) {
	list := p.table().Mistakes(p.notation())
	if len(list) == 0 {
		return
	}
	p.learn, p.learnAt = list, 0
	if err := p.openPuzzle(ctx, list[0]); err != nil {
		p.learn, p.notice = nil, err.Error()
	}
}

// nextMistake opens the next exercise; after the last, the notice says how many were found.
func (p *Page) nextMistake(ctx app.Context) {
	if p.learnAt+1 >= len(p.learn) {
		found := 0
		for _, x := range p.learn {
			if p.puzzles.progress.Of(x) == play.PuzzleSolved {
				found++
			}
		}
		p.notice = p.lang.T(i18n.LearnDone, found, len(p.learn))
		p.learn = nil
		return
	}
	p.learnAt++
	if err := p.openPuzzle(ctx, p.learn[p.learnAt]); err != nil {
		p.learn, p.notice = nil, err.Error()
	}
}
