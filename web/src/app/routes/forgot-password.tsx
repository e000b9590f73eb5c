/** /forgot-password (000 §2): the forgot-password modal over the login page; closing returns to /. */
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/ui/modal';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginScreen } from './login';

export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const close = () => navigate(paths.root, { replace: true });
  return (
    <>
      <LoginScreen />
      <Modal title="Forgot Password" size="sm" onClose={close}>
        <ForgotPasswordForm onDone={close} />
      </Modal>
    </>
  );
}
