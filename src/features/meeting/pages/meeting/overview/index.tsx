import { OverviewView } from '../../../overview/OverviewView';

/** 活动概览 (会务服务): see OverviewView. */
export default function MeetingOverviewPage() {
  return <OverviewView />;
}
