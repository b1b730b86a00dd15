import { lineAmountFen } from '@domain/resource/framework';
import type { AppDb } from '../db/client';
import { lineTables, resourceTables, stateChanges } from '../db/schema';

// The tables of the resources this story writes, by their definitions' keys.
const crmCustomers = resourceTables.get('customer')!;
const crmContacts = resourceTables.get('contact')!;
const goodsGoods = resourceTables.get('goods')!;
const goodsPrices = resourceTables.get('price')!;
const crmQuotations = resourceTables.get('quotation')!;
const crmQuotationItems = lineTables.get('quotation')!;
const contractContracts = resourceTables.get('contract')!;
const financeInvoices = resourceTables.get('invoice')!;
const financeReceivables = resourceTables.get('receivable')!;
const financeVouchers = resourceTables.get('voucher')!;
const goodsCoupons = resourceTables.get('coupon')!;
const orderOrders = resourceTables.get('order')!;
const orderOrderItems = lineTables.get('order')!;
const merchantMerchants = resourceTables.get('merchant')!;
const payPayments = resourceTables.get('payment')!;

/**
 * Demo rows of the commercial back office (fictional companies and people): customers and contacts; the
 * goods and prices of each project; quotations with line items, the contracts made from them, their
 * invoices and receivables — a consistent story over 2026, written by the demo account. Called by
 * seed.ts on the first start.
 */
export interface BusinessSeedContext {
  organiserId: number;
  /** Who the rows were created by (the demo staff account). */
  userId: number;
  /** Project code → id. */
  projectIds: Map<string, number>;
}

const cst = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

/** [name, short name, type, level, industry, source, credit code, region, phone, email, website, address]. */
type CustomerSeed = [string, string, number, number, number, number, string, string, string, string, string | null, string];

export const SEED_CUSTOMERS: CustomerSeed[] = [
  ['上海智联城科技有限公司', '智联城', 1, 1, 1, 1, '91310115MA1K4B2X7D', '上海市 浦东新区', '021-50281166', 'market@zhiliancheng.example.com', 'https://www.zhiliancheng.example.com', '上海市浦东新区张江高科技园区碧波路 690 号 3 号楼'],
  ['杭州云栖数据服务有限公司', '云栖数据', 1, 1, 1, 2, '91330106MA2H0C3L5P', '浙江省 杭州市', '0571-86731200', 'bd@yunqidata.example.com', 'https://www.yunqidata.example.com', '杭州市西湖区转塘街道云栖小镇 8 号'],
  ['深圳鹏安智能交通系统有限公司', '鹏安交通', 1, 2, 5, 1, '91440300MA5F7R1N2Q', '广东省 深圳市', '0755-26618830', 'sales@pengan-its.example.com', null, '深圳市南山区科技园南区高新南七道 18 号'],
  ['北京京能新源汽车科技有限公司', '京能新源', 1, 1, 3, 5, '91110113MA01T6K8XB', '北京市 顺义区', '010-69452288', 'expo@jnxy-auto.example.com', 'https://www.jnxy-auto.example.com', '北京市顺义区空港工业区 B 区安庆大街 6 号'],
  ['苏州瑞康医疗器械股份有限公司', '瑞康医疗', 1, 2, 4, 3, '91320594MA1N8W4D3H', '江苏省 苏州市', '0512-62885150', 'info@ruikang-med.example.com', null, '苏州工业园区星湖街 218 号生物医药产业园 C5 栋'],
  ['南京金陵城市建设集团有限公司', '金陵城建', 2, 1, 5, 5, '91320100MA1X2P6C9E', '江苏省 南京市', '025-84697700', 'brand@jlcj.example.com', 'https://www.jlcj.example.com', '南京市建邺区江东中路 359 号国睿大厦 21 层'],
  ['成都蜀韵文旅发展有限公司', '蜀韵文旅', 3, 3, 6, 4, '91510104MA6C5Y0T1K', '四川省 成都市', '028-86670321', 'contact@shuyun-travel.example.com', null, '成都市锦江区红星路三段 1 号'],
  ['武汉光谷未来传感技术有限公司', '未来传感', 1, 2, 2, 1, '91420100MA4K9L2F6R', '湖北省 武汉市', '027-87960055', 'hr@ovfuture.example.com', null, '武汉市东湖新技术开发区光谷大道 77 号'],
  ['广州穗华数字科技有限公司', '穗华数字', 1, 2, 1, 3, '91440101MA9Y3Q7W2M', '广东省 广州市', '020-38257766', 'service@suihua-digital.example.com', 'https://www.suihua-digital.example.com', '广州市天河区珠江新城花城大道 85 号'],
  ['合肥量子星辰信息技术有限公司', '量子星辰', 1, 1, 1, 2, '91340100MA2T8H5J4U', '安徽省 合肥市', '0551-65320888', 'pr@qstar.example.com', null, '合肥市高新区望江西路 800 号创新产业园二期'],
  ['宁波东海智造装备有限公司', '东海智造', 1, 3, 2, 1, '91330201MA2J6D1B8W', '浙江省 宁波市', '0574-87260099', 'sales@donghai-zz.example.com', null, '宁波市北仑区新碶街道明州路 501 号'],
  ['天津滨海储能科技有限公司', '滨海储能', 1, 2, 3, 4, '91120116MA07K2G5XC', '天津市 滨海新区', '022-66231180', 'market@bh-storage.example.com', null, '天津市滨海新区经济技术开发区第三大街 51 号'],
  ['西安秦岭医药科技有限公司', '秦岭医药', 3, 3, 4, 5, '91610131MA6W1E9R3A', '陕西省 西安市', '029-88326650', 'purchase@qinling-pharma.example.com', null, '西安市高新区锦业路 69 号'],
  ['重庆山城智慧出行有限公司', '山城出行', 1, 2, 5, 2, '91500000MA60N4U7Y2', '重庆市 渝北区', '023-67036611', 'bd@sc-mobility.example.com', null, '重庆市渝北区金开大道 1611 号'],
  ['青岛海创物联网有限公司', '海创物联', 1, 3, 1, 1, '91370212MA3P2X8K1F', '山东省 青岛市', '0532-88716620', 'iot@haichuang.example.com', null, '青岛市崂山区株洲路 151 号'],
  ['长沙湘江机器人有限公司', '湘江机器人', 1, 2, 2, 3, '91430100MA4Q7T3C5N', '湖南省 长沙市', '0731-84151990', 'info@xj-robot.example.com', 'https://www.xj-robot.example.com', '长沙市岳麓区麓谷大道 658 号'],
  ['厦门鹭岛会展传媒有限公司', '鹭岛传媒', 4, 2, 6, 2, '91350200MA8R5W2H0L', '福建省 厦门市', '0592-5951236', 'media@ludao-expo.example.com', null, '厦门市思明区会展北路 198 号'],
  ['郑州中原数智城市运营有限公司', '中原数智', 2, 2, 5, 5, '91410100MA9G3K6P7T', '河南省 郑州市', '0371-65880123', 'city@zydz.example.com', null, '郑州市郑东新区商务外环路 20 号'],
  ['无锡太湖新能源电池有限公司', '太湖电池', 1, 1, 3, 1, '91320214MA1Y4N8E2J', '江苏省 无锡市', '0510-85221677', 'sales@taihu-battery.example.com', null, '无锡市新吴区长江路 21 号'],
  ['福州闽江健康产业投资有限公司', '闽江健康', 2, 3, 7, 4, '91350100MA2Y6C4R9B', '福建省 福州市', '0591-87551020', 'invest@mj-health.example.com', null, '福州市鼓楼区五四路 158 号环球广场 25 层'],
  ['上海浦江国际展览服务有限公司', '浦江展览', 5, 2, 8, 2, '91310104MA1FR7Q3XK', '上海市 徐汇区', '021-64698800', 'service@pj-expo.example.com', 'https://www.pj-expo.example.com', '上海市徐汇区漕溪北路 88 号圣爱大厦 12 层'],
  ['杭州西溪采购联盟贸易有限公司', '西溪采购', 3, 2, 8, 1, '91330110MA2KD5T1W6', '浙江省 杭州市', '0571-88059933', 'buyer@xixi-union.example.com', null, '杭州市余杭区文一西路 998 号'],
];

/** [customer index, name, gender, title, department, mobile, email, primary]. */
type ContactSeed = [number, string, number, string, string, string, string | null, number];

export const SEED_CONTACTS: ContactSeed[] = [
  [0, '陈思远', 1, '市场总监', '市场部', '13817726501', 'chensy@zhiliancheng.example.com', 1],
  [0, '林晓雯', 2, '展会专员', '市场部', '13916682730', 'linxw@zhiliancheng.example.com', 0],
  [1, '周文博', 1, '商务副总裁', '商务拓展部', '13588126634', 'zhouwb@yunqidata.example.com', 1],
  [1, '许嘉怡', 2, '品牌经理', '品牌部', '15858213307', null, 0],
  [2, '黄志强', 1, '销售经理', '华东销售部', '13760281145', 'huangzq@pengan-its.example.com', 1],
  [3, '赵立新', 1, '品牌总监', '品牌中心', '13901127758', 'zhaolx@jnxy-auto.example.com', 1],
  [3, '孙婷', 2, '活动经理', '品牌中心', '18610235526', 'sunting@jnxy-auto.example.com', 0],
  [4, '吴海峰', 1, '市场部经理', '市场部', '13962135580', 'wuhf@ruikang-med.example.com', 1],
  [5, '郑雅琴', 2, '品牌宣传部部长', '党群工作部', '13851746612', 'zhengyq@jlcj.example.com', 1],
  [6, '何俊杰', 1, '采购主管', '运营中心', '13880732219', null, 1],
  [7, '刘洋', 1, '总经理助理', '总经办', '13995661830', 'liuyang@ovfuture.example.com', 1],
  [8, '梁嘉欣', 2, '市场推广经理', '市场部', '13822170493', 'liangjx@suihua-digital.example.com', 1],
  [9, '王振宇', 1, '首席执行官', '总裁办', '13905515271', 'wangzy@qstar.example.com', 1],
  [9, '蒋雨桐', 2, '政府事务经理', '公共事务部', '15956998402', 'jiangyt@qstar.example.com', 0],
  [10, '徐建国', 1, '销售总监', '营销中心', '13805746218', null, 1],
  [11, '马骁', 1, '市场经理', '市场部', '13622081957', 'maxiao@bh-storage.example.com', 1],
  [12, '杜若兰', 2, '采购经理', '供应链中心', '13909182264', 'dural@qinling-pharma.example.com', 1],
  [13, '冉小川', 1, '商务经理', '商务部', '13983426610', 'ranxc@sc-mobility.example.com', 1],
  [14, '于海洋', 1, '技术总监', '研发中心', '13573280041', null, 1],
  [15, '彭湘', 2, '市场专员', '市场部', '13874913365', 'pengxiang@xj-robot.example.com', 1],
  [16, '叶晓峰', 1, '主编', '新媒体中心', '13959206627', 'yexf@ludao-expo.example.com', 1],
  [17, '郭明辉', 1, '副总经理', '运营管理部', '13703718852', 'guomh@zydz.example.com', 1],
  [18, '钱芳', 2, '市场部主管', '市场部', '13861735590', 'qianfang@taihu-battery.example.com', 1],
  [19, '郑宏', 1, '投资总监', '投资部', '13906917733', 'zhenghong@mj-health.example.com', 1],
  [20, '沈佳', 2, '项目经理', '主场服务部', '13671890246', 'shenjia@pj-expo.example.com', 1],
  [21, '蔡文静', 2, '采购总监', '采购部', '13757152218', 'caiwj@xixi-union.example.com', 1],
];

export async function seedBusiness(db: AppDb, ctx: BusinessSeedContext): Promise<void> {
  const { organiserId, userId } = ctx;
  const base = cst('2026-08-03 09:00:00').getTime();
  // One new customer every other working day or so, so "newest first" reads naturally.
  const customers = await db
    .insert(crmCustomers)
    .values(
      SEED_CUSTOMERS.map(([name, shortName, type, level, industry, source, creditCode, region, phone, email, website, address], index) => {
        const at = new Date(base + index * 53 * 3600 * 1000);
        return {
          organiserId,
          name,
          shortName,
          type,
          level,
          industry,
          source,
          creditCode,
          region,
          phone,
          email,
          website,
          address,
          remark: null,
          status: index === 12 ? 0 : 1,
          createdBy: userId,
          updatedBy: userId,
          createdAt: at,
          updatedAt: at,
        } as never;
      }),
    )
    .returning({ id: (crmCustomers as unknown as { id: never }).id });
  const customerIds = (customers as Array<{ id: number }>).map((c) => c.id);

  const contacts = await db.insert(crmContacts).values(
    SEED_CONTACTS.map(([customer, name, gender, title, department, mobile, email, isPrimary], index) => {
      const at = new Date(base + customer * 53 * 3600 * 1000 + (index + 1) * 600 * 1000);
      return {
        organiserId,
        customerId: customerIds[customer],
        name,
        gender,
        title,
        department,
        mobile,
        phone: null,
        email,
        wechat: null,
        isPrimary,
        remark: null,
        createdBy: userId,
        updatedBy: userId,
        createdAt: at,
        updatedAt: at,
      } as never;
    }),
  ).returning({ id: (crmContacts as unknown as { id: never }).id });
  const contactIds = (contacts as Array<{ id: number }>).map((c) => c.id);

  const sales = await seedSales(db, ctx, customerIds, contactIds);
  await seedCommerce(db, ctx, customerIds, sales);
}

// ---------------------------------------------------------------------------------------------
// Goods, prices, quotations, contracts, invoices, receivables
// ---------------------------------------------------------------------------------------------

/** [project, name, category, spec, unit, list price (yuan), tax rate, stock]. */
type GoodsSeed = [string, string, number, string | null, string, number, number, number | null];

export const SEED_GOODS: GoodsSeed[] = [
  ['ZHCS2026', '标准展位', 1, '3m×3m，含楣板、射灯、桌椅', '个', 19800, 6, 320],
  ['ZHCS2026', '光地展位', 1, '36㎡起租，不含搭建', '㎡', 1280, 6, 6000],
  ['ZHCS2026', '会刊彩页广告', 2, '大度16开，全彩一页', '页', 8800, 6, 40],
  ['ZHCS2026', '主论坛冠名赞助', 3, '开幕式暨主论坛独家冠名', '项', 380000, 6, 1],
  ['ZHCS2026', '开幕式VIP门票', 4, '含主论坛席位与午宴', '张', 1980, 6, 300],
  ['ZHCS2026', '特装展位搭建服务', 5, '设计、搭建、拆除一站式', '㎡', 650, 9, null],
  ['SZJJ2026', '标准展位', 1, '3m×3m，含楣板、射灯、桌椅', '个', 16800, 6, 200],
  ['SZJJ2026', '光地展位', 1, '36㎡起租', '㎡', 1080, 6, 4000],
  ['SZJJ2026', '分论坛协办', 3, '分论坛协办单位权益包', '项', 120000, 6, 6],
  ['SZJJ2026', '大会通票', 4, '三天全部公开活动', '张', 980, 6, 1500],
  ['SZJJ2026', '胸卡挂绳广告', 2, '全部参会证件挂绳印制', '项', 60000, 6, 1],
  ['XNYQC2026', '标准展位', 1, '3m×3m', '个', 22800, 6, 400],
  ['XNYQC2026', '光地展位', 1, '54㎡起租', '㎡', 1380, 6, 12000],
  ['XNYQC2026', '室外试驾场地', 5, '每车道每天', '天', 50000, 9, 12],
  ['YLQX2026', '标准展位', 1, '3m×3m', '个', 18800, 6, 260],
  ['YLQX2026', '光地展位', 1, '36㎡起租', '㎡', 1180, 6, 5000],
  ['YLQX2026', '会刊封底广告', 2, '会刊封底整版', '页', 36000, 6, 1],
  ['AIFH2026', '峰会门票', 4, '两天全部论坛', '张', 2980, 6, 800],
  ['AIFH2026', '战略合作伙伴', 3, '峰会战略合作伙伴权益包', '项', 500000, 6, 3],
  ['AIFH2026', '具身智能展示专区', 1, '18㎡展示区，含基础搭建', '个', 68000, 6, 10],
];

/** [project, goods name, price name, price (yuan), minimum quantity, from, to]. */
type PriceSeed = [string, string, string, number, number, string, string | null];

export const SEED_PRICES: PriceSeed[] = [
  ['ZHCS2026', '标准展位', '早鸟价', 17800, 1, '2026-03-01', '2026-06-30'],
  ['ZHCS2026', '标准展位', '标准价', 19800, 1, '2026-07-01', '2026-11-30'],
  ['ZHCS2026', '标准展位', '现场价', 21800, 1, '2026-12-01', '2026-12-11'],
  ['ZHCS2026', '光地展位', '早鸟价', 1180, 36, '2026-03-01', '2026-06-30'],
  ['ZHCS2026', '光地展位', '标准价', 1280, 36, '2026-07-01', null],
  ['ZHCS2026', '开幕式VIP门票', '团购价（10张起）', 1680, 10, '2026-09-01', '2026-12-07'],
  ['SZJJ2026', '标准展位', '早鸟价', 14800, 1, '2026-04-01', '2026-07-31'],
  ['SZJJ2026', '标准展位', '标准价', 16800, 1, '2026-08-01', null],
  ['SZJJ2026', '大会通票', '学生价', 380, 1, '2026-09-01', '2026-11-25'],
  ['XNYQC2026', '标准展位', '标准价', 22800, 1, '2026-01-10', '2026-06-13'],
  ['YLQX2026', '标准展位', '标准价', 18800, 1, '2026-02-01', '2026-09-19'],
  ['AIFH2026', '峰会门票', '早鸟价', 1980, 1, '2026-10-01', '2026-11-30'],
  ['AIFH2026', '峰会门票', '标准价', 2980, 1, '2026-12-01', '2026-12-19'],
];

interface QuotationSeed {
  project: string;
  customer: number;
  contact: number | null;
  title: string;
  quoteDate: string;
  validUntil: string;
  status: number;
  /** [goods name, quantity, price (yuan), discount %]. */
  lines: Array<[string, number, number, number]>;
}

export const SEED_QUOTATIONS: QuotationSeed[] = [
  { project: 'ZHCS2026', customer: 0, contact: 0, title: '智联城 2026智慧城市博览会参展报价', quoteDate: '2026-08-12', validUntil: '2026-09-12', status: 2, lines: [['标准展位', 2, 19800, 95], ['会刊彩页广告', 1, 8800, 100]] },
  { project: 'SZJJ2026', customer: 1, contact: 2, title: '云栖数据 数字经济大会光地及协办报价', quoteDate: '2026-08-20', validUntil: '2026-09-20', status: 2, lines: [['光地展位', 72, 1080, 100], ['分论坛协办', 1, 120000, 90]] },
  { project: 'XNYQC2026', customer: 3, contact: 5, title: '京能新源 新能源汽车展光地及试驾报价', quoteDate: '2026-03-18', validUntil: '2026-04-18', status: 2, lines: [['光地展位', 108, 1380, 92], ['室外试驾场地', 3, 50000, 100]] },
  { project: 'YLQX2026', customer: 4, contact: 7, title: '瑞康医疗 医疗器械博览会参展报价', quoteDate: '2026-05-06', validUntil: '2026-06-06', status: 2, lines: [['标准展位', 4, 18800, 90], ['会刊封底广告', 1, 36000, 100]] },
  { project: 'ZHCS2026', customer: 5, contact: 8, title: '金陵城建 主论坛冠名赞助报价', quoteDate: '2026-10-09', validUntil: '2026-11-30', status: 2, lines: [['主论坛冠名赞助', 1, 380000, 95]] },
  { project: 'XNYQC2026', customer: 18, contact: 22, title: '太湖电池 新能源汽车展标准展位报价', quoteDate: '2026-03-25', validUntil: '2026-04-25', status: 2, lines: [['标准展位', 6, 22800, 95]] },
  { project: 'ZHCS2026', customer: 2, contact: 4, title: '鹏安交通 智慧交通专区展位报价', quoteDate: '2026-09-02', validUntil: '2026-10-02', status: 3, lines: [['光地展位', 54, 1280, 100], ['特装展位搭建服务', 54, 650, 100]] },
  { project: 'AIFH2026', customer: 9, contact: 12, title: '量子星辰 人工智能峰会战略合作报价', quoteDate: '2026-11-10', validUntil: '2026-12-10', status: 1, lines: [['战略合作伙伴', 1, 500000, 90], ['峰会门票', 20, 2980, 80]] },
  { project: 'AIFH2026', customer: 15, contact: 19, title: '湘江机器人 具身智能展示专区报价', quoteDate: '2026-11-16', validUntil: '2026-12-16', status: 0, lines: [['具身智能展示专区', 1, 68000, 100], ['峰会门票', 5, 2980, 100]] },
  { project: 'SZJJ2026', customer: 16, contact: 20, title: '鹭岛传媒 大会媒体合作报价', quoteDate: '2026-09-15', validUntil: '2026-10-15', status: 2, lines: [['胸卡挂绳广告', 1, 60000, 85]] },
];

interface ContractSeed {
  /** Index into SEED_QUOTATIONS (the contract takes its project, customer and amount from it). */
  quotation: number;
  name: string;
  signDate: string;
  startDate: string;
  endDate: string;
  payTerms: number;
  signer: string;
  audit: number;
  status: number;
}

export const SEED_CONTRACTS: ContractSeed[] = [
  { quotation: 0, name: '2026智慧城市博览会参展合同（智联城）', signDate: '2026-08-26', startDate: '2026-08-26', endDate: '2026-12-31', payTerms: 2, signer: '王晓明', audit: 2, status: 1 },
  { quotation: 1, name: '2026数字经济发展大会参展及协办合同（云栖数据）', signDate: '2026-09-03', startDate: '2026-09-03', endDate: '2026-12-15', payTerms: 2, signer: '王晓明', audit: 2, status: 1 },
  { quotation: 2, name: '2026新能源汽车产业展参展合同（京能新源）', signDate: '2026-04-02', startDate: '2026-04-02', endDate: '2026-06-30', payTerms: 1, signer: '王晓明', audit: 2, status: 2 },
  { quotation: 3, name: '2026医疗器械与健康产业博览会参展合同（瑞康医疗）', signDate: '2026-05-20', startDate: '2026-05-20', endDate: '2026-09-30', payTerms: 2, signer: '王晓明', audit: 2, status: 2 },
  { quotation: 4, name: '2026智慧城市博览会主论坛冠名赞助合同（金陵城建）', signDate: '2026-11-05', startDate: '2026-11-05', endDate: '2026-12-31', payTerms: 3, signer: '王晓明', audit: 1, status: 0 },
  { quotation: 5, name: '2026新能源汽车产业展参展合同（太湖电池）', signDate: '2026-04-08', startDate: '2026-04-08', endDate: '2026-06-30', payTerms: 1, signer: '王晓明', audit: 2, status: 1 },
  { quotation: 9, name: '2026数字经济发展大会媒体合作合同（鹭岛传媒）', signDate: '2026-09-28', startDate: '2026-09-28', endDate: '2026-12-15', payTerms: 3, signer: '王晓明', audit: 3, status: 0 },
];

interface InvoiceSeed {
  contract: number;
  type: number;
  amount: number;
  applyDate: string;
  issueDate: string | null;
  invoiceNo: string | null;
  status: number;
}

export const SEED_INVOICES: InvoiceSeed[] = [
  { contract: 0, type: 1, amount: 22220, applyDate: '2026-09-01', issueDate: '2026-09-03', invoiceNo: '31009826', status: 1 },
  { contract: 1, type: 1, amount: 185760, applyDate: '2026-09-10', issueDate: '2026-09-12', invoiceNo: '33019577', status: 1 },
  { contract: 2, type: 1, amount: 287116.8, applyDate: '2026-04-10', issueDate: '2026-04-11', invoiceNo: '11028811', status: 1 },
  { contract: 3, type: 2, amount: 103680, applyDate: '2026-05-25', issueDate: '2026-05-27', invoiceNo: '31058240', status: 1 },
  { contract: 3, type: 2, amount: 3000, applyDate: '2026-05-25', issueDate: '2026-05-26', invoiceNo: '31058239', status: 2 },
  { contract: 5, type: 1, amount: 129960, applyDate: '2026-11-18', issueDate: null, invoiceNo: null, status: 0 },
];

interface ReceivableSeed {
  contract: number;
  kind: number;
  summary: string;
  period: number | null;
  amount: number;
  planDate: string | null;
  receivedDate: string | null;
  method: number;
  confirm: number;
  bankSerial: string | null;
}

export const SEED_RECEIVABLES: ReceivableSeed[] = [
  { contract: 0, kind: 1, summary: '首期展位费（50%）', period: 1, amount: 22220, planDate: '2026-09-10', receivedDate: null, method: 1, confirm: 0, bankSerial: null },
  { contract: 0, kind: 1, summary: '尾款（50%）', period: 2, amount: 24200, planDate: '2026-11-30', receivedDate: null, method: 1, confirm: 0, bankSerial: null },
  { contract: 0, kind: 2, summary: '首期展位费', period: 1, amount: 22220, planDate: null, receivedDate: '2026-09-08', method: 1, confirm: 1, bankSerial: 'CMB202609080031' },
  { contract: 1, kind: 2, summary: '首期款（60%）', period: 1, amount: 111456, planDate: null, receivedDate: '2026-09-15', method: 1, confirm: 1, bankSerial: 'ICBC202609150117' },
  { contract: 1, kind: 2, summary: '尾款（40%）', period: 2, amount: 74304, planDate: null, receivedDate: '2026-11-19', method: 1, confirm: 0, bankSerial: 'ICBC202611190042' },
  { contract: 2, kind: 2, summary: '全款', period: 1, amount: 287116.8, planDate: null, receivedDate: '2026-04-20', method: 1, confirm: 1, bankSerial: 'BOC202604200008' },
  { contract: 3, kind: 2, summary: '首期款', period: 1, amount: 60000, planDate: null, receivedDate: '2026-06-02', method: 2, confirm: 1, bankSerial: 'ZP20260602' },
  { contract: 3, kind: 2, summary: '第二期款', period: 2, amount: 30000, planDate: null, receivedDate: '2026-09-25', method: 1, confirm: 2, bankSerial: 'CCB202609250210' },
  { contract: 5, kind: 1, summary: '全款', period: 1, amount: 129960, planDate: '2026-12-05', receivedDate: null, method: 1, confirm: 0, bankSerial: null },
];

const fen = (yuan: number) => Math.round(yuan * 100);

/** Code of an automatically numbered record, as the save route makes them: prefix + yyyyMMdd + id. */
const codeOf = (prefix: string, day: string, n: number) => `${prefix}${day.replace(/-/g, '')}${String(n).padStart(6, '0')}`;

interface SalesSeeded {
  goodsOf(project: string, name: string): number;
  /** Ids of SEED_RECEIVABLES, in order. */
  receivableIds: number[];
}

async function seedSales(db: AppDb, ctx: BusinessSeedContext, customerIds: number[], contactIds: number[]): Promise<SalesSeeded> {
  const { organiserId, userId, projectIds } = ctx;
  const who = { organiserId, createdBy: userId, updatedBy: userId };
  const at = (day: string, hour = 10) => cst(`${day} ${String(hour).padStart(2, '0')}:00:00`);
  const idOf = (rows: unknown) => (rows as Array<{ id: number }>).map((r) => r.id);
  const returningId = (table: unknown) => ({ id: (table as { id: never }).id });

  const goodsRows = await db
    .insert(goodsGoods)
    .values(
      SEED_GOODS.map(([project, name, category, spec, unit, listPrice, taxRate, stock], i) => ({
        ...who,
        projectId: projectIds.get(project)!,
        name,
        code: codeOf('SP', '2026-02-20', i + 1),
        category,
        spec,
        unit,
        listPrice: fen(listPrice),
        taxRate,
        stock,
        description: null,
        status: 1,
        createdAt: at('2026-02-20', 9),
        updatedAt: at('2026-02-20', 9),
      })) as never,
    )
    .returning(returningId(goodsGoods));
  const goodsIds = new Map(SEED_GOODS.map(([project, name], i) => [`${project}:${name}`, idOf(goodsRows)[i]]));
  const goodsOf = (project: string, name: string) => goodsIds.get(`${project}:${name}`)!;

  await db.insert(goodsPrices).values(
    SEED_PRICES.map(([project, goodsName, name, price, minQuantity, startDate, endDate]) => ({
      ...who,
      projectId: projectIds.get(project)!,
      goodsId: goodsOf(project, goodsName),
      name,
      price: fen(price),
      minQuantity,
      startDate,
      endDate,
      remark: null,
      createdAt: at('2026-02-21'),
      updatedAt: at('2026-02-21'),
    })) as never,
  );

  const quotationTotals: number[] = [];
  const quotationIds: number[] = [];
  for (const [i, q] of SEED_QUOTATIONS.entries()) {
    const lines = q.lines.map(([goodsName, quantity, price, discount], sort) => ({
      organiserId,
      sort,
      goodsId: goodsOf(q.project, goodsName),
      quantity,
      price: fen(price),
      discount,
      amount: lineAmountFen(fen(price), quantity, discount),
    }));
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const [row] = idOf(
      await db
        .insert(crmQuotations)
        .values({
          ...who,
          projectId: projectIds.get(q.project)!,
          code: codeOf('BJ', q.quoteDate, i + 1),
          title: q.title,
          customerId: customerIds[q.customer],
          contactId: q.contact === null ? null : contactIds[q.contact],
          quoteDate: q.quoteDate,
          validUntil: q.validUntil,
          totalAmount: total,
          remark: null,
          status: q.status,
          createdAt: at(q.quoteDate),
          updatedAt: at(q.quoteDate, 15),
        } as never)
        .returning(returningId(crmQuotations)),
    );
    await db.insert(crmQuotationItems).values(lines.map((l) => ({ ...l, parentId: row })) as never);
    quotationIds.push(row);
    quotationTotals.push(total);
  }

  const contractIds: number[] = [];
  const contractCustomers: number[] = [];
  const contractProjects: number[] = [];
  for (const [i, c] of SEED_CONTRACTS.entries()) {
    const q = SEED_QUOTATIONS[c.quotation];
    const projectId = projectIds.get(q.project)!;
    const [row] = idOf(
      await db
        .insert(contractContracts)
        .values({
          ...who,
          projectId,
          code: codeOf('HT', c.signDate, i + 1),
          name: c.name,
          customerId: customerIds[q.customer],
          quotationId: quotationIds[c.quotation],
          signDate: c.signDate,
          startDate: c.startDate,
          endDate: c.endDate,
          amount: quotationTotals[c.quotation],
          payTerms: c.payTerms,
          ourSigner: c.signer,
          remark: c.audit === 3 ? '媒体权益条款需法务复核' : null,
          auditStatus: c.audit,
          status: c.status,
          createdAt: at(c.signDate, 9),
          updatedAt: at(c.signDate, 17),
        } as never)
        .returning(returningId(contractContracts)),
    );
    contractIds.push(row);
    contractCustomers.push(customerIds[q.customer]);
    contractProjects.push(projectId);
    if (c.audit === 3) {
      await db.insert(stateChanges).values([
        { organiserId, resource: 'contract', rowId: row, field: 'auditStatus', fromValue: 0, toValue: 1, remark: null, userId, createdAt: at(c.signDate, 11) },
        { organiserId, resource: 'contract', rowId: row, field: 'auditStatus', fromValue: 1, toValue: 3, remark: '媒体权益条款需法务复核', userId, createdAt: at(c.signDate, 16) },
      ]);
    }
  }

  await db.insert(financeInvoices).values(
    SEED_INVOICES.map((inv) => {
      const c = SEED_CONTRACTS[inv.contract];
      const customer = SEED_CUSTOMERS[SEED_QUOTATIONS[c.quotation].customer];
      return {
        ...who,
        projectId: contractProjects[inv.contract],
        contractId: contractIds[inv.contract],
        customerId: contractCustomers[inv.contract],
        type: inv.type,
        invoiceNo: inv.invoiceNo,
        title: customer[0],
        taxNo: customer[6],
        amount: fen(inv.amount),
        taxRate: 6,
        applyDate: inv.applyDate,
        issueDate: inv.issueDate,
        bankInfo: null,
        addressPhone: `${customer[11]} ${customer[8]}`.slice(0, 150),
        remark: inv.status === 2 ? '金额开具有误，已作废重开' : null,
        status: inv.status,
        createdAt: at(inv.applyDate, 11),
        updatedAt: at(inv.issueDate ?? inv.applyDate, 14),
      };
    }) as never,
  );

  const receivables = await db.insert(financeReceivables).values(
    SEED_RECEIVABLES.map((r) => {
      const c = SEED_CONTRACTS[r.contract];
      const customer = SEED_CUSTOMERS[SEED_QUOTATIONS[c.quotation].customer];
      const day = r.receivedDate ?? r.planDate!;
      return {
        ...who,
        projectId: contractProjects[r.contract],
        contractId: contractIds[r.contract],
        customerId: contractCustomers[r.contract],
        kind: r.kind,
        summary: r.summary,
        period: r.period,
        amount: fen(r.amount),
        planDate: r.planDate,
        receivedDate: r.receivedDate,
        method: r.method,
        payer: r.kind === 2 ? customer[0] : null,
        bankSerial: r.bankSerial,
        remark: r.confirm === 2 ? '到账金额与流水不符，请核对' : null,
        confirmStatus: r.confirm,
        createdAt: at(day, 16),
        updatedAt: at(day, 17),
      };
    }) as never,
  ).returning(returningId(financeReceivables));
  return { goodsOf, receivableIds: idOf(receivables) };
}

// ---------------------------------------------------------------------------------------------
// Vouchers, merchants, coupons, orders, payments
// ---------------------------------------------------------------------------------------------

/** [name, channel, merchant no, app id, settle bank, settle account, contact, phone, status]. */
type MerchantSeed = [string, number, string, string | null, string, string, string, string, number];

export const SEED_MERCHANTS: MerchantSeed[] = [
  ['华展国际会展服务（上海）有限公司 微信支付', 1, '1601234567', 'wx8f3a2c1d9e7b6a54', '招商银行上海长宁支行', '6214830212345678', '周敏', '021-62758801', 1],
  ['华展国际会展服务（上海）有限公司 支付宝', 2, '2088421234567890', '2021004123456789', '中国工商银行上海长宁支行', '6222021001122334455', '周敏', '021-62758801', 1],
  ['华展国际会展服务（上海）有限公司 银联商务', 3, '898310048161234', null, '交通银行上海虹桥支行', '6222600110012345678', '陈立', '021-62758802', 0],
  ['华展国际会展服务（上海）有限公司 对公账户', 4, 'DG3100660012', null, '中国银行上海长宁支行', '4563510100889900112', '陈立', '021-62758802', 1],
];

/** [project, name, type, face (yuan), discount %, threshold (yuan), total, per person, goods, from, to, status]. */
type CouponSeed = [string, string, number, number | null, number | null, number, number, number, string | null, string, string, number];

export const SEED_COUPONS: CouponSeed[] = [
  ['ZHCS2026', 'VIP门票满2000减200', 1, 200, null, 2000, 200, 2, '开幕式VIP门票', '2026-10-01', '2026-12-07', 1],
  ['ZHCS2026', '特装搭建服务九折券', 2, null, 90, 0, 50, 1, '特装展位搭建服务', '2026-09-01', '2026-11-30', 0],
  ['SZJJ2026', '大会通票立减100元', 3, 100, null, 0, 500, 1, '大会通票', '2026-09-01', '2026-11-25', 1],
  ['AIFH2026', '峰会门票早鸟85折', 2, null, 85, 0, 300, 2, '峰会门票', '2026-10-01', '2026-11-30', 1],
  ['XNYQC2026', '试驾场地50元代金券', 3, 50, null, 0, 1000, 1, null, '2026-05-01', '2026-06-13', 2],
];

interface OrderSeed {
  project: string;
  buyer: string;
  phone: string;
  customer: number | null;
  channel: number;
  date: string;
  discount: number;
  status: number;
  lines: Array<[string, number, number, number]>;
  /** [merchant index, trade no, payment status] when paid. */
  payment: [number, string, number] | null;
}

export const SEED_ORDERS: OrderSeed[] = [
  { project: 'ZHCS2026', buyer: '张伟', phone: '13812345601', customer: null, channel: 1, date: '2026-11-02', discount: 200, status: 1, lines: [['开幕式VIP门票', 2, 1980, 100]], payment: [0, '4200002026110212345678', 1] },
  { project: 'ZHCS2026', buyer: '李娜', phone: '13912345602', customer: null, channel: 2, date: '2026-11-19', discount: 0, status: 0, lines: [['开幕式VIP门票', 1, 1980, 100]], payment: null },
  { project: 'SZJJ2026', buyer: '王强', phone: '13712345603', customer: null, channel: 1, date: '2026-10-21', discount: 100, status: 2, lines: [['大会通票', 3, 980, 100]], payment: [1, '2026102122001412345678', 1] },
  { project: 'SZJJ2026', buyer: '刘洋', phone: '15012345604', customer: null, channel: 2, date: '2026-10-25', discount: 0, status: 3, lines: [['大会通票', 1, 980, 100]], payment: null },
  { project: 'AIFH2026', buyer: '陈静', phone: '13612345605', customer: null, channel: 1, date: '2026-11-12', discount: 0, status: 1, lines: [['峰会门票', 2, 2980, 85]], payment: [0, '4200002026111298765432', 1] },
  { project: 'AIFH2026', buyer: '杨帆', phone: '18612345606', customer: 9, channel: 3, date: '2026-11-18', discount: 0, status: 0, lines: [['峰会门票', 10, 2980, 100]], payment: null },
  { project: 'XNYQC2026', buyer: '赵磊', phone: '13512345607', customer: 3, channel: 3, date: '2026-05-28', discount: 0, status: 4, lines: [['室外试驾场地', 1, 50000, 100]], payment: [3, 'BOC202605280119', 2] },
];

/** [receivable index or null, word, date, summary, debit, credit, amount (yuan), attachments, audit, remark]. */
type VoucherSeed = [number | null, number, string, string, string, string, number, number, number, string | null];

export const SEED_VOUCHERS: VoucherSeed[] = [
  [5, 2, '2026-04-20', '收到京能新源参展合同全款', '1002 银行存款', '1122 应收账款', 287116.8, 2, 1, null],
  [6, 2, '2026-06-02', '收到瑞康医疗首期参展款（支票）', '1002 银行存款', '1122 应收账款', 60000, 1, 1, null],
  [2, 2, '2026-09-08', '收到智联城首期展位费', '1002 银行存款', '1122 应收账款', 22220, 1, 1, null],
  [3, 2, '2026-09-15', '收到云栖数据首期款', '1002 银行存款', '1122 应收账款', 111456, 1, 0, null],
  [null, 1, '2026-09-03', '确认智联城展位收入', '1122 应收账款', '6001 主营业务收入', 22220, 1, 0, null],
  [null, 3, '2026-10-15', '支付国家会展中心场租定金', '2202 应付账款', '1002 银行存款', 500000, 3, 2, '缺少场租合同附件，请补充后重新提交'],
];

async function seedCommerce(db: AppDb, ctx: BusinessSeedContext, customerIds: number[], sales: SalesSeeded): Promise<void> {
  const { organiserId, userId, projectIds } = ctx;
  const who = { organiserId, createdBy: userId, updatedBy: userId };
  const at = (day: string, hour = 10) => cst(`${day} ${String(hour).padStart(2, '0')}:00:00`);
  const idOf = (rows: unknown) => (rows as Array<{ id: number }>).map((r) => r.id);
  const returningId = (table: unknown) => ({ id: (table as { id: never }).id });

  await db.insert(financeVouchers).values(
    SEED_VOUCHERS.map(([receivable, word, day, summary, debitSubject, creditSubject, amount, attachments, auditStatus, remark], i) => ({
      ...who,
      code: codeOf('PZ', day, i + 1),
      word,
      voucherDate: day,
      summary,
      debitSubject,
      creditSubject,
      amount: fen(amount),
      attachments,
      receivableId: receivable === null ? null : sales.receivableIds[receivable],
      remark,
      auditStatus,
      createdAt: at(day, 17),
      updatedAt: at(day, 18),
    })) as never,
  );

  const merchants = idOf(
    await db
      .insert(merchantMerchants)
      .values(
        SEED_MERCHANTS.map(([name, channel, merchantNo, appId, settleBank, settleAccount, contactName, contactPhone, status]) => ({
          ...who,
          name,
          channel,
          merchantNo,
          appId,
          settleBank,
          settleAccount,
          contactName,
          contactPhone,
          remark: null,
          status,
          createdAt: at('2026-01-12'),
          updatedAt: at('2026-01-12'),
        })) as never,
      )
      .returning(returningId(merchantMerchants)),
  );

  await db.insert(goodsCoupons).values(
    SEED_COUPONS.map(([project, name, type, face, discount, threshold, total, perLimit, goodsName, startDate, endDate, status], i) => ({
      ...who,
      projectId: projectIds.get(project)!,
      name,
      code: codeOf('YH', startDate, i + 1),
      type,
      faceValue: face === null ? null : fen(face),
      discount,
      threshold: fen(threshold),
      total,
      perLimit,
      goodsId: goodsName ? sales.goodsOf(project, goodsName) : null,
      startDate,
      endDate,
      remark: '每笔订单限用一张，不与其他优惠同享',
      status,
      createdAt: at(startDate, 9),
      updatedAt: at(startDate, 9),
    })) as never,
  );

  for (const [i, o] of SEED_ORDERS.entries()) {
    const projectId = projectIds.get(o.project)!;
    const lines = o.lines.map(([goodsName, quantity, price, discount], sort) => ({
      organiserId,
      sort,
      goodsId: sales.goodsOf(o.project, goodsName),
      quantity,
      price: fen(price),
      discount,
      amount: lineAmountFen(fen(price), quantity, discount),
    }));
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const pay = total - fen(o.discount);
    const [orderId] = idOf(
      await db
        .insert(orderOrders)
        .values({
          ...who,
          projectId,
          orderNo: codeOf('DD', o.date, i + 1),
          buyerName: o.buyer,
          buyerPhone: o.phone,
          customerId: o.customer === null ? null : customerIds[o.customer],
          channel: o.channel,
          orderDate: o.date,
          totalAmount: total,
          discountAmount: fen(o.discount),
          payAmount: pay,
          remark: null,
          status: o.status,
          createdAt: at(o.date, 11),
          updatedAt: at(o.date, 12),
        } as never)
        .returning(returningId(orderOrders)),
    );
    await db.insert(orderOrderItems).values(lines.map((l) => ({ ...l, parentId: orderId })) as never);
    if (o.payment) {
      const [merchant, tradeNo, status] = o.payment;
      await db.insert(payPayments).values({
        ...who,
        projectId,
        payNo: codeOf('ZF', o.date, i + 1),
        orderId,
        merchantId: merchants[merchant],
        amount: pay,
        payDate: o.date,
        tradeNo,
        payer: o.buyer,
        remark: status === 2 ? '活动取消，全额退款' : null,
        status,
        createdAt: at(o.date, 12),
        updatedAt: at(o.date, status === 2 ? 16 : 12),
      } as never);
    }
  }
}
