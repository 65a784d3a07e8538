package i18n

// The strings of a link's settings that could not be used (app/page's
// link_open.go): the notice names each, and what was used instead.
//
// linkMessages are this file's texts, a map of its own (see sources).
var linkMessages = map[string]map[string]string{
	LangEN: {
		"notice.linkParts":  "Some settings of this link could not be used; the others are kept.",
		"link.problem":      "%s=%s cannot be used",
		"link.problem.why":  "%s=%s: %s",
		"link.problem.used": "; %s is used instead.",
		"link.problem.out":  "; it is left out.",
		"link.why.twice":    "given more than once",
		"link.why.heads":    "d_model %d is not a multiple of %d",
		"link.why.head":     "there are only %d heads",
		"link.why.layer":    "the task's model has one layer",
		"link.why.layers":   "the task's model has %d layers",
		"link.why.teach":    "the tour in this link could not be read",
		"link.why.tooMany":  "more than %d tokens",
		"link.why.empty":    "cross-attention needs a second sentence",
		"link.why.input":    "this input cannot be computed",
		"link.why.long":     "longer than the %d bytes a link's text may have",
		"link.why.nearest":  "not a value the page offers",
		"link.why.cell":     "the weights shown have %d rows",
		"notice.linkReset":  "This link leaves out %s: what you had there is back to its default.",
		"notice.linkBack":   "Back to what I had",
		"list.sep":          ", ",
	},
	LangZH: {
		"notice.linkParts":  "此链接中有些设置无法使用，其余设置已保留。",
		"link.problem":      "%s=%s 无法使用",
		"link.problem.why":  "%s=%s：%s",
		"link.problem.used": "；已改用 %s。",
		"link.problem.out":  "；已忽略。",
		"link.why.twice":    "出现了不止一次",
		"link.why.heads":    "d_model %d 不是 %d 的倍数",
		"link.why.head":     "只有 %d 个头",
		"link.why.layer":    "这个任务的模型只有一层",
		"link.why.layers":   "这个任务的模型只有 %d 层",
		"link.why.teach":    "无法读取此链接中的导览",
		"link.why.tooMany":  "超过 %d 个词元",
		"link.why.empty":    "交叉注意力需要第二个句子",
		"link.why.input":    "无法计算此输入",
		"link.why.long":     "超过了链接中文本允许的 %d 字节",
		"link.why.nearest":  "不是本页提供的值",
		"link.why.cell":     "所显示的权重只有 %d 行",
		"notice.linkReset":  "此链接未包含 %s：你之前的这些设置已恢复为默认值。",
		"notice.linkBack":   "返回之前的设置",
		"list.sep":          "、",
	},
}
