// scenes.cpp — the scene factory. See scenes.h.
//
// Why the __has_include guards: the token and fab models live in their own folders
// and libraries (core/token -> tj_token, core/fab -> tj_fab), which CMake builds only
// when they have sources, and tj_scenes links them only when they exist. The guards
// let this factory, the CLI and the tests build and run with whichever scenes are
// present, so each scene can be developed and tested on its own. scene_ids() lists
// only the scenes compiled in. This is the one place such a guard is accepted.
#include "core/scenes/scenes.h"

#include <algorithm>
#include <string_view>

#if __has_include("core/token/token_model.h")
#include "core/token/token_model.h"
#define TJ_HAS_TOKEN_SCENE 1
#endif
#if __has_include("core/fab/fab_model.h")
#include "core/fab/fab_model.h"
#include "core/fab/fab_params.h"
#define TJ_HAS_FAB_SCENE 1
#endif

namespace tj {

std::unique_ptr<Model> make_model(const std::string& scene) {
#ifdef TJ_HAS_TOKEN_SCENE
    if (scene == "token") return token::make_token_model();
#endif
#ifdef TJ_HAS_FAB_SCENE
    if (scene == "fab") return fab::make_fab_model();
#endif
    return nullptr;
}

std::vector<std::string> scene_ids() {
    std::vector<std::string> ids;
#ifdef TJ_HAS_TOKEN_SCENE
    ids.push_back("token");
#endif
#ifdef TJ_HAS_FAB_SCENE
    ids.push_back("fab");
#endif
    return ids;
}

const ParamRegistry* scene_registry(const std::string& scene) {
#ifdef TJ_HAS_TOKEN_SCENE
    if (scene == "token") return &token::token_registry();
#endif
#ifdef TJ_HAS_FAB_SCENE
    if (scene == "fab") return &fab::fab_registry();
#endif
    return nullptr;
}

// Common words of the product's own Chinese texts, kept whole on a line: a reader stumbles
// on "存|储" or "门|口" broken across lines. Space-separated.
static const char* const kCommonWords =
    "词元 芯片 毫秒 微秒 纳秒 晶圆 字节 时间 回答 权重 核心 封装 屏幕 模型 没有 提示 缺陷 解码 现在 出货 "
    "不是 等待 用户 运行 数据 瓶颈 链路 晶粒 每周 开始 重新 缓存 金属 主机 机柜 批次 带宽 内存 这里 分词器 "
    "多少 光罩 托盘 测量 速度 测试 供应 一次 全部 序列 最近 参数 之后 每秒 部分 只有 计算 堆叠 数字 平均 "
    "文字 扣住 排队 产品 屋顶线 边缘 假设 均值 草稿 所以 客户 电脑 算力 拐点 卡片 网格 一样 到达 产线 积压 "
    "发现 地图 就是 大约 区域 存储 这些 同一 这个 请求 字符 修复 投片 面板 之前 开销 多久 决定 几乎 它们 "
    "节奏 所有 采样 门口 验证 量产 累计 加急 课程 其余 限制 仍然 之间 显示 间隔 核对 跟随 输入 哪里 一半 "
    "共用 流水线 第一 来自 工作 怎样 预填充 其他 算术 正在 固定 历史 仓库 远端 出来 更快 编号 旅程 中介层 公开 "
    "供应商 保留 差距 工站 任何 衍生 型号 误差 处理 大小 读入 什么 同样 自己 能耗 网络 变化 词表 中间 产出 "
    "因为 整段 停顿 真实 整个 投机 代价 溢出 首个 延迟 基板 缺料 整机柜 占比 答案 输出 服务 给出 读取 不变 "
    "缩短 下方 而且 穿过 接近 落后 一点 完整 同时 分选 桥接 恢复 零件 堆栈 产能 集成 暂停 负荷 语言 生成 "
    "峰值 不到 启动 左边 右边 除以 设计 大量 不会 变成 组成 搬运 静态 动态 两者 跟着 增长 打开 费时 汇总 "
    "划算 或者 少于 多于 前一个 生产计划 空闲 为止 早一点 可以 需要 还是 只是 已经 比如 然后 因此 但是 虽然 如果 "
    "每次 每步 一起 几个 多个 哪个 这样 那样 容量 功率 能量 电路 显卡 内核 调度 队列 实际 理论 估计 "
    "结果 原因 问题 选择 预测 揭晓 答对 猜测 外面 里面 "
    "悬停 菜单 键盘 出发 导览 适合 引导 探索 标签页 滑块 直接 帮助 再次 卡片 看清 真正 主要 点击 拖动 按钮 "
    "浏览器 缓冲区 保真度 大模型 中位数 流片 引擎 一遍 约为 通常 组合 线程 流式 本身 连接 切成 以及 链条 才能 "
    "这是 最慢 实测 屋顶 加上 只需 下一 下来 降到 填充 差不多 看到 超过 布线 那里 良品 停工 不用 仍在 待料 "
    "用掉 制造 期间 无法 活跃 水平 设置 相隔 设备 拟合 适用 推演 送往 这一 变绿 改变 循环 可能 即可 更新 "
    "包裹 毫焦 焦耳 几乎 手机 课堂 老师 学生 演示 赛跑 放大 暂停 继续 单位 吞吐 每颗 一层 屏幕端 "
    "忙碌 一直 一站 满负荷 上屏 不阻塞";

std::vector<std::string> unsplit_chinese_names(const std::vector<GlossaryTerm>& glossary) {
    std::vector<std::string> names;
    for (size_t at = 0, end; at < std::string_view(kCommonWords).size(); at = end + 1) {
        const std::string_view all(kCommonWords);
        end = std::min(all.find(' ', at), all.size());
        if (end > at) names.emplace_back(all.substr(at, end - at));
    }
    for (const GlossaryTerm& t : glossary) {
        names.push_back(t.zh);
        names.insert(names.end(), t.also_zh.begin(), t.also_zh.end());
    }
    for (const std::string& id : scene_ids()) {
        const ParamRegistry& reg = *scene_registry(id);
        for (const ParamDef& d : reg.defs()) names.push_back(d.label_zh);
        for (const ParamGroup& g : reg.groups()) names.push_back(g.label_zh);
        for (const Preset& p : reg.presets()) names.push_back(p.label_zh);
    }
    return names;
}

}  // namespace tj
