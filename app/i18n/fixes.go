package i18n

// The messages of session 8's fixes: the Learn view's fields.
var _ = registerMessages(map[string]map[string]string{
	LangEN: {
		"learn.bad.learn-seed": "The seed is a whole number from 0 to %[2]s; “%[1]s” is not, so the seed stays %[3]s.",
		"learn.bad.lr":         "The learning rate is a number above 0 and at most %[2]s; “%[1]s” is not, so it stays %[3]s.",
		"learn.bad.until":      "Stop at step is a whole number from 1 to %[2]s; “%[1]s” is not, so it stays %[3]s.",
	},
	LangZH: {
		"learn.bad.learn-seed": "种子须是 0 到 %[2]s 之间的整数；“%[1]s”不是，种子仍为 %[3]s。",
		"learn.bad.lr":         "学习率须是大于 0、不超过 %[2]s 的数；“%[1]s”不是，学习率仍为 %[3]s。",
		"learn.bad.until":      "停止步数须是 1 到 %[2]s 之间的整数；“%[1]s”不是，仍为 %[3]s。",
	},
})
