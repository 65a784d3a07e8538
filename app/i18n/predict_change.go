package i18n

// The strings of predict-then-reveal in the compare view
// (app/views/predict_change.go).
var _ = registerMessages(map[string]map[string]string{
	LangEN: {
		"predict.change.switch.title": "Hide one query row of the second sentence and of the difference; guess the key whose weight changes most, then reveal the row",
		"predict.change.question":     "When the second sentence replaces the first, which key's weight in the row of “%s” changes most?",
		"predict.change.keys":         "Keys whose weight may change",
		"predict.change.estimate":     "Estimate the largest change in the row",
		"predict.change.hit":          "Right: the weight on “%s” changes most, by %s.",
		"predict.change.miss":         "Not quite: the weight on “%s” changes by %s; the one on “%s” changes most, by %s: %s more.",
		"predict.change.nokey":        "The weight that changes most is on “%s”: by %s.",
	},
	LangZH: {
		"predict.change.switch.title": "隐藏第二个句子和差值图中的一个查询行；猜哪个键的权重变化最大，然后揭晓这一行",
		"predict.change.question":     "把第一个句子换成第二个句子时，“%s”这一行里哪个键的权重变化最大？",
		"predict.change.keys":         "权重可能变化的键",
		"predict.change.estimate":     "估计这一行里最大的变化",
		"predict.change.hit":          "答对了：“%s”上的权重变化最大，变化了 %s。",
		"predict.change.miss":         "不太对：“%s”上的权重变化了 %s；变化最大的是“%s”，变化了 %s，多 %s。",
		"predict.change.nokey":        "变化最大的权重在“%s”上：变化了 %s。",
	},
})
