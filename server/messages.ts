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

  // business resources (the generic routes built from src/resources)
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

  // share links and shared documents (issue 5; server/routes/shareRoutes.ts)

  // education entry: public showcase and report lookup (issue 5; server/routes/eduPublic.ts)
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
} as const;
