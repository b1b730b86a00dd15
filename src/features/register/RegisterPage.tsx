// Being built in this session (issue 5); replaced before commit.
export { default } from '../../components/exception/NotFoundPage';
