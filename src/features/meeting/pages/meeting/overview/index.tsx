import { OverviewView } from '@/features/meeting/overview/OverviewView';

/** 活动概览 (会务服务): see OverviewView. */
export default function MeetingOverviewPage() {
  return <OverviewView />;
}
