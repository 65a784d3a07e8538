package i18n

// The strings of predict-then-reveal (app/views/predict.go).
var _ = registerMessages(predictMessages)

// predictMessages are this file's texts, a map of its own (see registerMessages).
var predictMessages = map[string]map[string]string{
	LangEN: {
		"predict.switch":        "Predict, then reveal",
		"predict.switch.title":  "Hide one query row's weights; guess the key it weighs most, then reveal the row",
		"predict.row":           "Query row",
		"predict.question":      "Which key will “%s” weigh most?",
		"predict.causal":        "With the causal mask, “%s” can see only itself and the tokens before it: %d of %d keys.",
		"predict.keys":          "Keys to choose from",
		"predict.masked":        "masked: “%s” cannot see this key",
		"predict.estimate":      "Estimate the largest weight of the row",
		"predict.estimate.none": "not estimated",
		"predict.reveal":        "Reveal",
		"predict.next":          "Next row",
		"predict.hit":           "Right: “%s” gets the largest weight, %s.",
		"predict.miss":          "Not quite: you chose “%s” (%s); “%s” gets the largest weight, %s: %s more.",
		"predict.nokey":         "The largest weight is on “%s”: %s.",
		"predict.estimated":     "Your estimate, %s, was %s off.",
		"predict.score":         "This session: %d of %d rows right.",
		"predict.score.est":     "This session: %d of %d rows right; estimates off by %s on average.",
		"predict.hidden":        "hidden",
	},
	LangZH: {
		"predict.switch":        "先预测，再揭晓",
		"predict.switch.title":  "隐藏一个查询行的权重；猜它最看重哪个键，然后揭晓这一行",
		"predict.row":           "查询行",
		"predict.question":      "“%s”会最看重哪个键？",
		"predict.causal":        "因果掩码下，“%s”只能看到它自己和它之前的词元：能看到 %d 个键（共 %d 个）。",
		"predict.keys":          "可选的键",
		"predict.masked":        "已掩码：“%s”看不到这个键",
		"predict.estimate":      "估计这一行的最大权重",
		"predict.estimate.none": "未估计",
		"predict.reveal":        "揭晓",
		"predict.next":          "下一行",
		"predict.hit":           "答对了：“%s”得到最大的权重，%s。",
		"predict.miss":          "不太对：你选了“%s”（%s）；“%s”得到最大的权重，%s，多 %s。",
		"predict.nokey":         "最大的权重在“%s”上：%s。",
		"predict.estimated":     "你的估计 %s，差了 %s。",
		"predict.score":         "本次：答对 %d 行（共 %d 行）。",
		"predict.score.est":     "本次：答对 %d 行（共 %d 行）；估计平均差 %s。",
		"predict.hidden":        "已隐藏",
	},
}
