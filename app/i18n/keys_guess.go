package i18n

// The strings of a guess made from the keyboard on the compare view's
// charts, while a row is hidden (app/views/predict_keys.go).
// keysGuessMessages are this file's texts, a map of its own (see sources).
var keysGuessMessages = map[string]map[string]string{
	LangEN: {
		"keys.guess.label":  "%s: arrow keys move between the cells, Enter on a hidden cell makes your guess",
		"keys.guess.help":   "Arrow keys: next cell. Home and End: first and last cell of the row; with Ctrl, of the matrix. Page Up and Page Down: first and last cell of the column. Enter on a hidden cell: guess it.",
		"keys.guess.key":    "Your guess: key “%s”.",
		"keys.guess.row":    "Your guess: row “%s”.",
		"keys.guess.off":    "Not hidden: the guess is made on row %d, the hidden one.",
		"keys.guess.masked": "The mask hides this key: guess another.",
		"keys.guess.none":   "Nothing is hidden now.",
	},
	LangZH: {
		"keys.guess.label":  "%s：方向键在单元格之间移动，在隐藏的单元格上按回车键作出猜测",
		"keys.guess.help":   "方向键：相邻单元格。Home 和 End：该行第一个和最后一个单元格；加 Ctrl：整个矩阵的。上翻页和下翻页键：该列第一个和最后一个单元格。在隐藏的单元格上按回车：猜它。",
		"keys.guess.key":    "你的猜测：键“%s”。",
		"keys.guess.row":    "你的猜测：行“%s”。",
		"keys.guess.off":    "这里没有隐藏：请在隐藏的第 %d 行上猜。",
		"keys.guess.masked": "掩码遮住了这个键：请猜另一个。",
		"keys.guess.none":   "现在没有隐藏的内容。",
	},
}
