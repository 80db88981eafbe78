import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import '../settings.css';

/** The privacy page in plain pt-BR (LGPD): what, why, who sees it, for how long, and how to ask. */
export function PrivacyPolicyScreen() {
  return (
    <AppScreen header={<PageHeader title="Política de privacidade" backTo="/configuracoes" />}>
      <Card className="prose">
        <p>
          O Vizinhança é o app dos moradores do condomínio. Guardamos só o necessário para você alugar, vender e contratar serviços dos
          vizinhos com segurança.
        </p>

        <h2>O que guardamos</h2>
        <ul>
          <li>Seu cadastro: nome, CPF, e-mail, telefone, bloco, apartamento, bio e foto.</li>
          <li>Seus anúncios, pedidos, avaliações, notificações e convites enviados.</li>
          <li>Dados de acesso: quando você entrou, de qual endereço IP e navegador. Sua senha é guardada cifrada; ninguém consegue lê-la.</li>
        </ul>

        <h2>Por que guardamos</h2>
        <p>
          O CPF e o apartamento servem para a administração confirmar que você mora no condomínio. O e-mail serve para entrar no app e
          receber avisos (aprovação, troca de senha). Os pedidos e avaliações fazem o app funcionar e dão confiança entre vizinhos.
        </p>

        <h2>Quem vê o quê</h2>
        <ul>
          <li>Seu CPF e seu e-mail: só você e os administradores do condomínio.</li>
          <li>Seu nome, foto, apartamento, telefone e avaliações: os moradores aprovados, nos seus anúncios e pedidos, para combinar a entrega.</li>
        </ul>

        <h2>Por quanto tempo</h2>
        <p>
          Enquanto sua conta existir. As sessões de acesso expiram em até 30 dias. Se você sair do condomínio, a administração apaga seus
          dados pessoais; pedidos e avaliações antigos ficam, sem o seu nome, como &quot;Ex-morador&quot;.
        </p>

        <h2>Seus direitos</h2>
        <p>
          Você pode baixar uma cópia de tudo o que o app guarda sobre você em Configurações, no botão &quot;Baixar meus dados&quot;. Para
          corrigir dados pessoais ou pedir a exclusão da sua conta, fale com a administração do condomínio.
        </p>
      </Card>
    </AppScreen>
  );
}
