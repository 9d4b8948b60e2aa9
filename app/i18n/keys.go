package i18n

// Key names one text of the interface.
type Key int

const (
	// Status line.
	Loading   Key = iota
	Reviewing     // move shown, moves recorded, the game's move
	LookingForHint
	SideToMove // side
	YourMove   // side
	HeldStatus // side
	BookMove   // move
	EngineUnavailable
	StartingEngine
	ComputerThinking
	Check
	HintMove // move

	// Sides.
	Red
	Black
	DiscBlack
	DiscWhite

	// Xiangqi results (winner, loser).
	WinCheckmate
	WinStalemate
	DrawMoveLimit
	DrawRepetition
	WinPerpetualCheck
	DrawPerpetualCheck
	WinPerpetualChase
	DrawPerpetualChase
	WinPerpetualChasePiece // winner, loser, the piece chased
	UnprotectedPiece       // piece

	// Pieces (Xiangqi kinds).
	General
	Advisor
	Elephant
	Horse
	Chariot
	Cannon
	Soldier
	DrawNoAttackers

	// Reversi.
	ReversiWins // side, score
	ReversiDraw // score
	LostOnTime  // side
	TimeLeft    // side, seconds
	ClockTitle
	ClockNone
	ClockRapid
	ClockSlow
	ClockBlitz
	ClockByoYomi
	ClockPauses
	ClockNextGame // time control
	ClockShort    // time control
	JudgeInaccuracy
	JudgeMistake
	JudgeBlunder
	JudgeBetter // move
	JudgeGood   // the score, the next best move's score
	ReportQuick
	ReportThorough
	ReportDepthTitle
	ReportButton
	ReportRunning
	ReportTitle
	ReportSide // side, accuracy, ?!, ?, ??
	LearnGoal  // the move played
	LearnSolved
	LearnWorse // the better move
	LearnButton
	LearnTitle
	LearnDone   // found, of
	LearnName   // move number, the move
	ReversiPass // side
	BlackDiscs
	WhiteDiscs

	// Notices.
	EngineCouldNotStart // why
	EngineSaid          // what
	NewVersionReady
	Reload
	ReloadTitle

	// Buttons.
	New
	NewTitle
	Undo
	UndoTitle
	UndoTitleReversi
	Redo
	RedoTitle
	RedoTitleReversi
	Flip
	FlipTitle
	Hint
	HintTitle
	HintTitleReversi
	MoveNow
	MoveNowTitle
	ContinueHere
	ContinueHereTitle
	BackToGame
	BackToGameTitle

	// Settings.
	WhoPlays
	YouRed
	YouRedTitle
	YouBlack
	YouBlackTitle
	TwoPlayers
	TwoPlayersTitle
	YouBlackReversiTitle
	YouWhite
	YouWhiteTitle
	TwoPlayersTitleReversi
	Level // level
	LevelTitle
	NotationTitle
	CoordsTitle
	SoundOn
	SoundOff
	SoundTitle
	ImportExport
	ImportExportTitle
	ImportExportTitleReversi
	LanguageTitle
	GameTitle

	// Import and export.
	IOLabel
	IOPlaceholder
	Load
	LoadTitle
	ExportFENTitle
	ExportICCSTitle
	ExportChineseTitle
	ExportPGNTitle
	ExportDhtmlXQTitle
	IOLabelReversi
	IOPlaceholderReversi
	LoadTitleReversi
	Transcript
	TranscriptTitle
	BoardText
	BoardTextTitle
	ExportGGFTitle
	Loaded   // what
	Exported // what
	WhatMoves
	WhatTranscript
	WhatBoardText

	// Refused attempts.
	RefusedCheck
	RefusedFacing
	RefusedTurn
	RefusedPieceMove
	RefusedNoFlip

	// The engine's search.
	EngineDepth   // depth
	EngineSpeed   // nodes a second ("378k")
	EngineMateIn  // moves
	EngineMatedIn // moves
	EngineExact
	EngineToggle
	EngineToggleTitle

	// Keeping games.
	SavedGameSetAside // the key it is kept under
	SavedGameUnreadable
	ConfirmNew
	ConfirmNewYes
	ConfirmNewNo
	RestorePrevious
	RestorePreviousTitle

	// Accessible names and announcements.
	PointEmpty // square
	PointPiece // square, colour, piece
	RedWord
	BlackWord
	PointDisc // square, side
	Announce  // side, move

	// Looks.
	ThemeTitle
	ThemeWood
	ThemePlain
	ThemeContrast

	// Game over.
	GameOverReview
	GameOverReviewTitle

	// An imported record's story.
	Players // red player, black player

	// Finished games.
	RecentGames
	RecentGamesTitle

	// Share, install and the embedded board.
	ShareButton
	ShareTitle
	ShareHeading
	Close
	ShareLinkLabel
	CopyLink
	ShareBlogLabel
	ShareWidth
	FullWidth
	SharePlay
	SharePlayTitle
	CopyCode
	Copied
	PreviewTitle
	LinkCannotOpen
	Install
	InstallTitle
	InstallSafari
	EmbedCannotShow
	EmbedLoading
	FirstTitle
	PrevTitle
	NextTitle
	LastTitle
	FirstName
	PrevName
	NextName
	LastName
	MovesButton
	MovesTitle
	Auto
	Pause
	AutoplayTitle
	AutoplayName
	PlayFromHere
	PlayFromHereTitle
	OpenInQipan
	OpenGameInQipan
	StartPosition
	MoveOf
	NMoves

	// Move list and boards.
	ShowPosition
	NoMoves
	XiangqiBoard
	ReversiBoard

	// The desktop board.
	GameXiangqi
	GameReversi
	CopyWhat // what
	Paste
	SaveFile
	CopiedWhat  // what
	WroteWhat   // what, path
	WriteFailed // what, why
	SaveFailed  // why
	NoClipboard
	ClipboardFailed // why
	ImportFailed    // where, why
	LoadedFrom      // what, where
	TheClipboard
	FileSetAside    // path, why, the name it was renamed to
	FileNotSetAside // path, why, why it could not be renamed
	DiscCount       // black, white

	// Position editor.
	EditPosition
	EditPositionTitle
	EditTitle
	EditBoard
	EditPalette
	EditEraser
	EditEraserTitle
	EditPieceName // colour, kind
	EditSideToMove
	EditClear
	EditClearTitle
	EditStartTitle
	EditCancel
	EditCancelTitle
	EditPlayTitle
	EditHelp
	EditHelpReversi
	EditLegal          // side
	EditNoGeneral      // side
	EditTwoGenerals    // side
	EditTooMany        // count, piece
	EditGeneralPalace  // piece, point
	EditAdvisorSquare  // piece, point
	EditElephantSquare // piece, point
	EditSoldierSquare  // piece, point
	EditFacing         // file
	EditInCheck        // side in check, side to move
	EditOther          // the rules' reason
	EditNoDiscs
	EditNoMoves
	Analysis
	AnalysisTitle
	AnalysisStatus // side to move
	EngineLine     // rank
	AddEngineLines
	AddEngineLinesTitle
	AnalyseGame
	AnalyseGameTitle
	AnalysingGame // positions scored, positions
	GraphTitle

	EditLegalOver // side
	EditLegalPass // side

	OpenFile
	OpenFileTitle
	FileUnreadable
	// The pieces whose name differs by side in Chinese (帅 and 将, 仕 and 士, 相 and 象, 兵
	// and 卒): General and the others above are Black's, Soldier Red's.
	RedGeneral
	RedAdvisor
	RedElephant
	BlackSoldier
	// A board point named with the Chinese coordinates: the file as the side at the bottom
	// numbers it, the row counted from the bottom.
	PointChinese // file, row
	PageTitle    // the tab's title and the installed app's name
	PageDescription

	// The desktop board's.
	SaveSalvaged    // why, moves kept, the file kept
	ReviewingMove   // full move shown, its side, the game's full move
	ReviewingStart  // the game's full move
	NoteGames       // games in the text
	NoteSkippedLine // line
	NoteSkipped
	NoteEnded // move, moves left out
	NoSoundDevice
	ImportKeptPrevious
	// Why a text or a file could not be read, for a reader of Chinese (play.ErrorText).
	ErrNoGame
	ErrAt   // line, column
	ErrMove // move number, move
	ErrPosition
	ErrDamaged
	ErrUnreadable

	Variations
	EnterVariation
	PromoteVariation
	PromoteVariationTitle
	DeleteVariation
	DeleteVariationTitle
	ErrAtOffset // byte offset
	Note
	NoteTitle
	NoteText
	NoSymbol

	// Puzzles (残局).
	Puzzles
	PuzzlesTitle
	PuzzleGoal   // side (a colour word: 红, red)
	PuzzleMateIn // moves
	PuzzleSolved
	PuzzleEscapes    // the defending side
	PuzzleMatesFirst // the defending side
	PuzzleShown
	PuzzleHintLabel
	PuzzleHintTitle
	PuzzleSolution
	PuzzleSolutionTitle
	PuzzleRetry
	PuzzleRetryTitle
	PuzzleNext
	PuzzleNextTitle
	PuzzleNumber      // collection, number, title
	PuzzlesLoadFailed // why
	ReversiPuzzles    // the Reversi collection's name
	ReversiPuzzlesTitle
	ReversiPuzzleNumber  // number, empties
	ReversiPuzzleGoal    // side (Black, White)
	ReversiPuzzleEmpties // empties
	ReversiPuzzleSolved  // move, its score
	ReversiPuzzleBelow   // move, its score, the best score
	ReversiPuzzleShown   // move, its score
	PuzzlesBadLine       // line
	PuzzleDaily          // the daily puzzle's entry
	PuzzleDailyTitle
	PuzzleRating      // the rating as shown ("1500?")
	PuzzleRatingTitle // what the rating is
	PuzzleRatingAfter // the rating, its change ("+12")
	PuzzleStreak      // puzzles solved in a row

	// The mined collection (cmd/qipan-puzzles mine) and its puzzles' themes.
	MinedPuzzles      // the collection's name
	ThemeMaHouPao     // 马后炮: horse and cannon
	ThemeChongPao     // 重炮: two cannons on one line
	ThemeMenGong      // 闷宫: the general hemmed in by its advisors, a cannon mates
	ThemeWoCaoMa      // 卧槽马: the horse mating from beside the palace corner
	ThemeShuangCheCuo // 双车错: two chariots checking in turn
	ThemeTieMenShuan  // 铁门栓: the central cannon pins, a chariot mates
	ThemeBaiLianJiang // 白脸将 (对面笑): the facing generals take part
	ThemeWinsChariot  // a gain: the defence's chariot

	// A Reversi puzzle from a link that cannot be judged.
	ReversiPuzzleNoMove    // side: the side to move must pass
	ReversiPuzzleBadScores // what does not fit: the link's scores
	ReversiPuzzleUnknown   // no scores, and not a position of the collection

	keyCount
)
