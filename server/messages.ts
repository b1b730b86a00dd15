/**
 * Every Chinese message the server sends, in one place, so wording stays consistent and the browser
 * (and the e2e suite) can rely on exact strings. Strings quoted by the spec are kept verbatim.
 */
export const MSG = {
  ok: '操作成功',
  executed: '执行成功',

  // transport-level outcomes (spec §8 error catalogue)
  unauthenticated: '请先登录',
  tokenExpired: '登录已过期，请重新登录',
  forbidden: '暂无权限,请联系管理员',
  tooManyRequests: '访问太过频繁，请稍后再试!',
  serverError: '执行错误，请稍后再试！',
  notFound: '请求的接口不存在',
  badRequest: '请求格式有误',
  payloadTooLarge: '请求内容过大',
  unsupportedMediaType: '不支持的请求格式',

  // request signature
  signMissing: '签名校验失败：缺少签名请求头',
  signUnknownKey: '签名校验失败：无效的 ApiKey',
  signType: '签名校验失败：仅支持 SHA256 签名',
  signNonce: '签名校验失败：Nonce 至少 16 位',
  signBad: '签名校验失败',
  signStale: '请求时间戳无效，请校准本机时间',
  signReplay: '重复的请求已被拒绝',

  // validation
  validation: '提交的数据有误',
  wholeRequest: '(参数)',
  fieldRequired: '不能为空',
  fieldType: '格式不正确',
  fieldEnum: '取值无效',
  fieldMinLength: (n: number) => `最少 ${n} 个字符`,
  fieldMaxLength: (n: number) => `最多 ${n} 个字符`,
  fieldMinimum: (n: number) => `不能小于 ${n}`,
  fieldMaximum: (n: number) => `不能大于 ${n}`,

  // session
  loginOk: '登录成功',
  badCredentials: '用户名或密码错误',
  accountDisabled: '该账号已被停用，请联系管理员',
  useOrganiserEntry: '该账号请从主办方登录入口登录',
  useEduEntry: '该账号请从大赛登录入口登录',
  unknownEntry: '未知的登录类型',
  ssoInvalid: '单点登录凭证无效',
  ssoExpired: '单点登录凭证已过期，请重新获取',
  ssoReused: '单点登录凭证已使用，请重新获取',
  ssoUnknownUser: '单点登录凭证对应的账号不存在',
  logoutOk: '退出成功',
  logoutOthersToken: '只能注销本人当前的登录凭证',

  // the signed-in user's own workspace: profile, password, project / activity switching, notices
  onlySelf: '只能操作本人的信息',
  updated: '修改成功',
  passwordChanged: '修改成功，请重新登录',
  projectNotAuthorised: '所选项目未授权',
  activityNotAuthorised: '所选活动未授权',
  noticeMissing: '通知不存在',

  // business resources (the generic routes built from src/shared/resources)
  resSaved: '保存成功',
  resRemoved: (n: number) => `已删除 ${n} 条数据`,
  resStateUpdated: '状态已更新',
  resNotFound: '数据不存在或无权访问',
  resLocked: '当前状态下不能修改或删除',
  resInUse: (title: string, other: string) => `所选${title}已被${other}使用，不能删除`,
  resUnique: (label: string) => `${label}已存在`,
  resRefMissing: (label: string) => `${label}不存在或无权访问`,
  resRefProject: (label: string) => `${label}不属于所选项目`,
  resProjectRequired: '请选择所属项目',
  resProjectMissing: '所属项目不存在或无权访问',
  resStateRace: '数据状态已变化，请刷新后重试',
  resLinesRequired: (label: string) => `请至少添加一条${label}`,
  resLinesTooMany: (label: string, n: number) => `${label}最多 ${n} 条`,
  resLinesFormat: (label: string) => `${label}格式不正确`,
  resExportTooMany: (n: number) => `导出数据超过 ${n} 条，请缩小查询范围后再导出`,

  // SMS codes, registration, its approval, password recovery (issue 5; server/routes/accountRoutes.ts)
  smsSent: (minutes: number) => `验证码已发送，${minutes}分钟内有效`,
  smsSentIfRegistered: (minutes: number) => `如该手机号已注册，验证码已发送，${minutes}分钟内有效`,
  smsResendWait: (s: number) => `发送过于频繁，请${s}秒后再试`,
  smsDailyLimit: '该手机号今日获取验证码次数已达上限，请明天再试',
  smsIpLimit: '获取验证码过于频繁，请稍后再试',
  smsSendFailed: '短信发送失败，请稍后再试',
  smsContent: (code: string, minutes: number, what: string) => `【主办之家】您的验证码为${code}，${minutes}分钟内有效，用于${what}，请勿泄露给他人。`,
  smsPurposeRegister: '注册账户',
  smsPurposeResetPassword: '找回密码',
  smsCodeInvalid: '验证码错误或已过期，请重新获取',
  smsCodeWrong: (left: number) => `验证码错误，还可尝试${left}次`,
  usernameTaken: '该用户名已被注册',
  mobileTaken: '该手机号已被注册',
  registered: '注册申请已提交，请等待管理员审核',
  accountPending: '账号正在审核中，请等待管理员审核',
  accountRejected: '注册申请未通过审核，请联系管理员',
  passwordResetOk: '密码已重置，请使用新密码登录',
  resetUseOrganiserEntry: '该手机号对应主办方账号，请从主办方入口找回密码',
  resetUseEduEntry: '该手机号对应大赛账号，请从大赛入口找回密码',
  userNotFound: '用户不存在',
  approved: '已审核通过',
  rejected: '已驳回',
  enabled: '已启用',
  disabled: '已停用',
  notPending: '该用户不是待审核状态',
  notTogglable: '只能停用已启用的用户或启用已停用的用户',
  notSelf: '不能停用自己的账号',
  rejectRemarkRequired: '请输入驳回原因',

  // share links and shared documents (issue 5; server/routes/shareRoutes.ts)
  shareLinkInvalid: '链接无效或已失效',
  shareKindMismatch: '该记录不能以所选页面分享',
  shareLinkMissing: '分享链接不存在或无权访问',
  shareLinkCreated: '分享链接已生成',
  shareLinkRevoked: '分享链接已撤销',
  attachmentNameRequired: '请填写文件名',
  attachmentNameTooLong: (n: number) => `文件名最多 ${n} 个字符`,
  attachmentType: (list: string) => `只能上传 ${list} 格式的文件`,
  attachmentEmpty: '文件内容为空',
  attachmentEncoding: '文件内容格式不正确，请重新上传',
  attachmentTooLarge: (mb: number) => `文件大小不能超过 ${mb}MB`,
  attachmentContentMismatch: '文件内容与扩展名不符，请确认文件后重新上传',
  attachmentTooMany: (n: number) => `每个订单最多上传 ${n} 个附件`,
  attachmentMissing: '附件不存在或无权访问',
  attachmentUploaded: '上传成功',
  attachmentRemoved: '附件已删除',

  // education entry: public showcase and report lookup (issue 5; server/routes/eduPublic.ts)
  // One answer for unknown, draft, submitted and rejected numbers alike: the page must not reveal which.
  eduProjectNotPublic: '未找到公开的参赛作品',
  eduReportNotFound: '未查询到该编号的评审信息',
} as const;

/** Operator-facing lines (logs and start-up errors), kept here with the rest of the wording. */
export const LOG = {
  databaseSeeded: '数据库已初始化并写入演示数据',
  databaseReady: '数据库已就绪',
  noSpaBuild: '未找到前端构建产物，只提供 API',
  shuttingDown: '正在关闭服务',
  shutdownFailed: '关闭服务时出错',
  startFailed: '服务启动失败',
  envInteger: (name: string, min: number, raw: string) => `环境变量 ${name} 必须是不小于 ${min} 的整数，当前为 "${raw}"`,
  envApiKeys: (item: string) => `API_KEYS 的每一项必须是 key:secret，无法解析 "${item}"`,
  smsSenderUnknown: (name: string, known: string) => `SMS_SENDER 无效："${name}"，可选：${known}`,
} as const;
