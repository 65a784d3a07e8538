package i18n

// The strings of predict-then-reveal in the compare view
// (app/views/predict_change.go).
// predictChangeMessages are this file's texts, a map of its own (see sources).
var predictChangeMessages = map[string]map[string]string{
	LangEN: {
		"predict.change.switch.title": "Hide one query row of the second sentence and of the difference; guess the key whose weight changes most, then reveal the row",
		"predict.change.question":     "When the second sentence replaces the first, which key's weight in the row of “%s” changes most?",
		"predict.change.keys":         "Keys whose weight may change",
		"predict.change.estimate":     "Estimate the largest change in the row",
		"predict.change.hit":          "Right: the weight on “%s” changes most, by %s.",
		"predict.change.miss":         "Not quite: the weight on “%s” changes by %s; the one on “%s” changes most, by %s: %s more.",
		"predict.change.nokey":        "The weight that changes most is on “%s”: by %s.",
		"predict.what":                "Guess",
		"predict.what.key":            "the key that changes most in one row",
		"predict.what.row":            "the row that changes most",
		"predict.rows.question":       "When the second sentence replaces the first, which query row's weights change most?",
		"predict.rows.keys":           "Query rows",
		"predict.rows.hit":            "Right: row “%s” changes most, by %s.",
		"predict.rows.miss":           "Not quite: row “%s” changes by %s at most; row “%s” changes most, by %s: %s more.",
		"predict.rows.next":           "Hide the rows again",
		"predict.rows.nokey":          "The row that changes most is “%s”: by %s.",
		"predict.rows.estimate":       "Estimate the largest change of any weight",
	},
	LangZH: {
		"predict.change.switch.title": "隐藏第二个句子和差值图中的一个查询行；猜哪个键的权重变化最大，然后揭晓这一行",
		"predict.change.question":     "把第一个句子换成第二个句子时，“%s”这一行里哪个键的权重变化最大？",
		"predict.change.keys":         "权重可能变化的键",
		"predict.change.estimate":     "估计这一行里最大的变化",
		"predict.change.hit":          "答对了：“%s”上的权重变化最大，变化了 %s。",
		"predict.change.miss":         "不太对：“%s”上的权重变化了 %s；变化最大的是“%s”，变化了 %s，多 %s。",
		"predict.change.nokey":        "变化最大的权重在“%s”上：变化了 %s。",
		"predict.what":                "要猜",
		"predict.what.key":            "一行里变化最大的键",
		"predict.what.row":            "变化最大的行",
		"predict.rows.question":       "把第一个句子换成第二个句子时，哪个查询行的权重变化最大？",
		"predict.rows.keys":           "查询行",
		"predict.rows.hit":            "答对了：“%s”这一行变化最大，变化了 %s。",
		"predict.rows.miss":           "不太对：“%s”这一行最多变化 %s；变化最大的是“%s”这一行，变化了 %s，多 %s。",
		"predict.rows.next":           "再次隐藏各行",
		"predict.rows.nokey":          "变化最大的是“%s”这一行：变化了 %s。",
		"predict.rows.estimate":       "估计所有权重中最大的变化",
	},
}
